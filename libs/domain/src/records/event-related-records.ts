import type { Shipment, TrackingRequest } from '../index';
import type { ContainerRecord } from './container.record';
import type { CustomFieldValueRecord } from './custom-field-value.record';
import type { DocumentRecord, DocumentRepresentationRecord } from './document.record';
import type { EstimatedEventRecord } from './estimated-event.record';
import type { PortRecord } from './port.record';
import type { TerminalRecord } from './terminal.record';
import type { TransportEventRecord } from './transport-event.record';

/** The records a notification of one event shows, loaded together by data-access (docs/webhooks.md). */
export interface EventRelatedRecords {
  tracking_requests: TrackingRequest[];
  shipments: (Shipment & { container_ids: string[] })[];
  containers: ContainerRecord[];
  transport_events: TransportEventRecord[];
  estimated_events: (EstimatedEventRecord & { port_id: string | null })[];
  ports: PortRecord[];
  terminals: TerminalRecord[];
  /** The custom field values of the tracking requests, shipments and containers above, oldest first. */
  custom_fields: CustomFieldValueRecord[];
  /** `document.extracted` / `document.extraction_failed`: the document and its latest extraction. */
  documents?: DocumentRecord[];
  document_representations?: DocumentRepresentationRecord[];
}
