import type { EventName, EstimatedEventName } from '@quayside/domain';
import { ESTIMATED_EVENT_NAMES } from '@quayside/domain';
import { buildNotificationPayload } from '../payload/notification-payload';
import type { WebhookNotificationPayload } from '../payload/notification-payload';
import type { NotificationRecords, TransportEventRecord } from '../payload/payload-records';
import { referenceObjectTypeFor } from '../payload/reference-object-type';
import {
  SAMPLE_CONTAINER,
  SAMPLE_DOCUMENT_REPRESENTATION,
  SAMPLE_IDS,
  SAMPLE_PORT_OF_DISCHARGE,
  SAMPLE_PORT_OF_LADING,
  SAMPLE_SHIPMENT,
  SAMPLE_TERMINAL,
  SAMPLE_TRACKING_REQUEST,
  sampleContainerChange,
  sampleDocument,
  sampleEstimatedEvent,
  sampleTransportEvent,
} from './sample-records';

const ESTIMATED: ReadonlySet<string> = new Set(ESTIMATED_EVENT_NAMES);

function trackingRequestRecords(event: EventName): NotificationRecords {
  switch (event) {
    case 'tracking_request.failed':
      return { tracking_requests: [{ ...SAMPLE_TRACKING_REQUEST, status: 'failed', failed_reason: 'not_found', tracked_object_id: null }] };
    case 'tracking_request.awaiting_manifest':
      return {
        tracking_requests: [
          {
            ...SAMPLE_TRACKING_REQUEST,
            status: 'awaiting_manifest',
            failed_reason: 'awaiting_manifest',
            is_retrying: true,
            retry_count: 1,
            tracked_object_id: null,
          },
        ],
      };
    case 'tracking_request.tracking_stopped':
      return {
        tracking_requests: [{ ...SAMPLE_TRACKING_REQUEST, status: 'tracking_stopped' }],
        shipments: [
          {
            ...SAMPLE_SHIPMENT,
            line_tracking_stopped_at: '2026-08-14T09:30:00.000Z',
            line_tracking_stopped_reason: 'all_containers_terminated',
          },
        ],
      };
    default:
      return {
        tracking_requests: [SAMPLE_TRACKING_REQUEST],
        shipments: [SAMPLE_SHIPMENT],
        containers: [SAMPLE_CONTAINER],
        ports: [SAMPLE_PORT_OF_LADING, SAMPLE_PORT_OF_DISCHARGE],
        terminals: [SAMPLE_TERMINAL],
      };
  }
}

/** The records behind a sample notification of `event`, one consistent shipment throughout. */
export function sampleNotificationRecords(event: EventName): NotificationRecords {
  const type = referenceObjectTypeFor(event);
  switch (type) {
    case 'tracking_request':
      return trackingRequestRecords(event);
    case 'estimated_event':
      return {
        estimated_events: [sampleEstimatedEvent(ESTIMATED.has(event) ? (event as EstimatedEventName) : 'shipment.estimated.arrival')],
        shipments: [SAMPLE_SHIPMENT],
        ports: [SAMPLE_PORT_OF_DISCHARGE],
      };
    case 'container_updated_event':
      return {
        container_changes: [
          sampleContainerChange({
            available_for_pickup: [false, true],
            holds_at_pod_terminal: [[{ name: 'customs', status: 'hold', description: 'CUST EXAM' }], []],
          }),
        ],
        containers: [SAMPLE_CONTAINER],
        terminals: [SAMPLE_TERMINAL],
      };
    case 'container_pod_terminal_changed_event':
      return {
        container_changes: [sampleContainerChange({ pod_terminal: [null, SAMPLE_IDS.terminal] })],
        containers: [SAMPLE_CONTAINER],
        terminals: [SAMPLE_TERMINAL],
      };
    case 'container':
      return { containers: [SAMPLE_CONTAINER], shipments: [SAMPLE_SHIPMENT] };
    case 'shipment':
      return { shipments: [SAMPLE_SHIPMENT], ports: [SAMPLE_PORT_OF_LADING, SAMPLE_PORT_OF_DISCHARGE] };
    case 'document':
      return {
        documents: [sampleDocument(event === 'document.extraction_failed')],
        ...(event === 'document.extraction_failed' ? {} : { document_representations: [SAMPLE_DOCUMENT_REPRESENTATION] }),
        shipments: event === 'document.extraction_failed' ? [] : [SAMPLE_SHIPMENT],
      };
    case 'transport_event':
      return {
        transport_events: [sampleTransportEvent(event as TransportEventRecord['event'])],
        containers: [SAMPLE_CONTAINER],
        shipments: [SAMPLE_SHIPMENT],
        ports: [SAMPLE_PORT_OF_DISCHARGE],
        terminals: [SAMPLE_TERMINAL],
      };
  }
}

export interface SamplePayloadOptions {
  notificationId?: string;
  webhookId?: string;
  createdAt?: Date;
}

/**
 * The payload a receiver would get for `event`, built by the same code as real deliveries
 * (for `POST /v2/webhooks/trigger` and `GET /v2/webhook_notifications/examples?event=`).
 */
export function sampleNotificationPayload(event: EventName, options: SamplePayloadOptions = {}): WebhookNotificationPayload {
  const records = sampleNotificationRecords(event);
  const referenceType = referenceObjectTypeFor(event);
  const referenceIds: Record<typeof referenceType, string> = {
    tracking_request: SAMPLE_IDS.trackingRequest,
    estimated_event: SAMPLE_IDS.estimatedEvent,
    transport_event: SAMPLE_IDS.transportEvent,
    container_updated_event: SAMPLE_IDS.containerChange,
    container_pod_terminal_changed_event: SAMPLE_IDS.containerChange,
    shipment: SAMPLE_IDS.shipment,
    container: SAMPLE_IDS.container,
    document: SAMPLE_IDS.document,
  };
  return buildNotificationPayload({
    id: options.notificationId ?? SAMPLE_IDS.notification,
    event,
    delivery_status: 'pending',
    created_at: options.createdAt ?? new Date('2026-08-14T09:30:05Z'),
    webhook_id: options.webhookId ?? SAMPLE_IDS.webhook,
    reference_object: { type: referenceType, id: referenceIds[referenceType] },
    records,
    // The sample container has no rail last free day: every account sees the same example.
    visibility: { railLfd: true },
  });
}
