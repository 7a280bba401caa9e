import type { EventOrigin, TransportEventAttributes } from '../index';

/** A transport event as stored: a milestone or a value change of one container (`transport_events`). Entities in data-access implement it; what reads stored rows outside data-access takes this type. */
export interface TransportEventRecord {
  id: string;
  account_id: string;
  container_id: string;
  shipment_id: string | null;
  event: TransportEventAttributes['event'];
  timestamp: Date | null;
  timezone: string | null;
  location_locode: string | null;
  location_id: string | null;
  terminal_id: string | null;
  vessel_name: string | null;
  vessel_imo: string | null;
  voyage_number: string | null;
  data_source: EventOrigin;
  dedupe_key: string;
  /** Which occurrence of this event at this place (0 the first); null for value changes. */
  leg: number | null;
  /** Set when the source corrected or withdrew this version. */
  invalidated_at: Date | null;
  /** The version this one corrects. */
  previous_version_id: string | null;
  /**
   * The new value a value-change event announces (the last free day of `container.pickup_lfd*.changed`,
   * the appointment of `container.pickup_appointment.changed`); null when the value was removed, and
   * for milestones and availability changes, which have no value.
   */
  value: Date | null;
  created_at: Date;
}
