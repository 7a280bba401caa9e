import { SAMPLE_IDS, sampleNotificationPayload } from '@quayside/webhooks';
import { EXAMPLE_BASE_URL, exampleList, exampleOne } from '../openapi/example-documents';

/**
 * OpenAPI examples of the webhook notification endpoints: the sample
 * tracking_request.succeeded notification, as delivered to the sample webhook.
 */

const PAYLOAD = sampleNotificationPayload('tracking_request.succeeded');
const DELIVERED = {
  ...PAYLOAD.data,
  attributes: {
    ...PAYLOAD.data.attributes,
    delivery_status: 'succeeded',
    updated_at: '2026-08-14T09:30:06.000Z',
    attempts: 1,
    last_response_status: 200,
    last_response_body: 'ok',
    last_error: null,
    last_attempted_at: '2026-08-14T09:30:06.000Z',
    next_attempt_at: null,
  },
  links: { self: `/v2/webhook_notifications/${SAMPLE_IDS.notification}` },
};

export const NOTIFICATION_LIST_EXAMPLE = exampleList('/v2/webhook_notifications', [DELIVERED]);
export const NOTIFICATION_EXAMPLE = exampleOne(DELIVERED, PAYLOAD.included);
export const REDELIVERED_NOTIFICATION_EXAMPLE = exampleOne({
  ...DELIVERED,
  attributes: {
    ...DELIVERED.attributes,
    delivery_status: 'pending',
    updated_at: '2026-08-14T12:00:00.000Z',
    attempts: 0,
    next_attempt_at: '2026-08-14T12:00:00.000Z',
  },
});

/** What `GET /v2/webhook_notifications/examples?event=tracking_request.succeeded` answers: the payload itself. */
export const NOTIFICATION_PAYLOAD_EXAMPLE = {
  data: [PAYLOAD.data],
  included: PAYLOAD.included,
  links: { self: `${EXAMPLE_BASE_URL}/v2/webhook_notifications/examples?event=tracking_request.succeeded` },
  meta: { size: 1, total: 1 },
};

export const REDELIVER_BODY_EXAMPLE = {
  sinceOutage: {
    value: {
      data: { type: 'webhook_notification_redelivery', attributes: { since: '2026-08-14T06:00:00Z', webhook_id: SAMPLE_IDS.webhook } },
    },
  },
};
export const REDELIVER_RESULT_EXAMPLE = {
  meta: {
    queued: 2,
    notification_ids: [SAMPLE_IDS.notification, 'c3e5a7b9-1d3f-4b5d-8f7a-9c1e3a5c7e9f'],
    since: '2026-08-14T06:00:00.000Z',
    webhook_id: SAMPLE_IDS.webhook,
    limit: 1000,
  },
};
