import { EVENT_NAMES } from '@quayside/domain';
import { SAMPLE_IDS, sampleNotificationPayload } from '@quayside/webhooks';
import { EXAMPLE_BASE_URL, exampleList, exampleOne, exampleRequest } from '../openapi/example-documents';
import { webhookEventCategories } from './webhook-event-category.resource';

/** OpenAPI examples of the webhook endpoints: the sample webhook the sample notifications go to. */

const WEBHOOK_ATTRIBUTES = {
  url: 'https://hooks.example.com/quayside',
  active: true,
  events: ['tracking_request.succeeded', 'tracking_request.failed', 'container.transport.vessel_arrived', 'container.transport.available'],
  secret: '5f0c4b8e2a9d71e3c6b04f8a1d2e7c9b3a6f5e4d8c1b2a7f0e9d3c6b5a4f8e21',
  headers: [{ name: 'X-Receiver-Token', value: 'rcv_3kq9Zt7LmW' }],
  format: 'json_api',
  created_at: '2026-08-01T14:03:12.000Z',
  updated_at: '2026-08-01T14:03:12.000Z',
  deactivated_reason: null,
  deactivated_at: null,
  last_success_at: '2026-08-14T09:30:06.000Z',
  failing_since: null,
};

const WEBHOOK = {
  id: SAMPLE_IDS.webhook,
  type: 'webhook',
  attributes: WEBHOOK_ATTRIBUTES,
  links: { self: `/v2/webhooks/${SAMPLE_IDS.webhook}` },
};

export const WEBHOOK_LIST_EXAMPLE = exampleList('/v2/webhooks', [WEBHOOK]);
export const WEBHOOK_EXAMPLE = exampleOne(WEBHOOK);
export const CREATE_WEBHOOK_BODY_EXAMPLE = {
  trackingEvents: {
    value: exampleRequest('webhook', {
      url: WEBHOOK_ATTRIBUTES.url,
      events: WEBHOOK_ATTRIBUTES.events,
      headers: WEBHOOK_ATTRIBUTES.headers,
    }),
  },
};
export const CREATED_WEBHOOK_EXAMPLE = exampleOne({ ...WEBHOOK, attributes: { ...WEBHOOK_ATTRIBUTES, last_success_at: null } });
export const UPDATE_WEBHOOK_BODY_EXAMPLE = { pause: { value: exampleRequest('webhook', { active: false }) } };
export const UPDATED_WEBHOOK_EXAMPLE = exampleOne({
  ...WEBHOOK,
  attributes: { ...WEBHOOK_ATTRIBUTES, active: false, updated_at: '2026-08-14T11:20:00.000Z' },
});

const categories = webhookEventCategories([]);
export const EVENT_CATEGORIES_EXAMPLE = {
  data: categories.map(({ id, name, events }) => ({ id, type: 'webhook_event_category', attributes: { name, events } })),
  links: { self: `${EXAMPLE_BASE_URL}/v2/webhooks/events` },
  meta: { size: categories.length, total: categories.length, events: EVENT_NAMES.length },
};

export const WEBHOOK_IPS_EXAMPLE = { webhook_notification_ips: ['203.0.113.10', '203.0.113.11'], last_updated: '2026-08-14T06:00:00.000Z' };

export const TRIGGER_BODY_EXAMPLE = {
  registeredWebhook: { value: { event: 'tracking_request.succeeded', webhook_id: SAMPLE_IDS.webhook } },
  anyUrl: {
    value: {
      event: 'container.transport.vessel_arrived',
      url: 'https://hooks.example.com/quayside-test',
      secret: 'a-shared-secret-of-your-own',
    },
  },
};
export const TRIGGER_REPORT_EXAMPLE = {
  url: WEBHOOK_ATTRIBUTES.url,
  event: 'tracking_request.succeeded',
  webhook_id: SAMPLE_IDS.webhook,
  notification_id: SAMPLE_IDS.notification,
  succeeded: true,
  error: null,
  status_code: 200,
  duration_ms: 184,
  request_headers: {
    'content-type': 'application/json',
    'webhook-id': SAMPLE_IDS.notification,
    'webhook-timestamp': '1786699805',
    'webhook-signature': 'v1,Jq3lV0m8c2Qe5b9HkT4yR1sX7uW6zA0dF2gN8pL3oCk=',
    'x-t49-webhook-signature': '8d2f0b6c9e1a4d7f3b5c8e0a2d4f6b8c1e3a5d7f9b0c2e4a6d8f1b3c5e7a9d0f',
    'x-receiver-token': 'rcv_3kq9Zt7LmW',
  },
  request_body: JSON.stringify(sampleNotificationPayload('tracking_request.succeeded')),
  response_headers: { 'content-type': 'text/plain; charset=utf-8' },
  response_body: 'ok',
};
