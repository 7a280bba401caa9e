import type { EstimatedEventAttributes, EstimatedEventName } from '../index';

/** An estimate as stored (`estimated_events`). Entities in data-access implement it; what reads stored rows outside data-access takes this type. */
export interface EstimatedEventRecord {
  id: string;
  account_id: string;
  shipment_id: string;
  container_id: string | null;
  event: EstimatedEventName;
  estimated_timestamp: Date;
  location_locode: string | null;
  timezone: string | null;
  voyage_number: string | null;
  data_source: EstimatedEventAttributes['data_source'];
  created_at: Date;
}
