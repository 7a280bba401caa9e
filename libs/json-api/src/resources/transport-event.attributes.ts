import type { TransportEventAttributes, TransportEventRecord } from '@quayside/domain';
import { isoInstant } from './attributes-of';
import type { AttributesOf } from './attributes-of';

/** The columns a transport event's attributes are read from. */
export type TransportEventAttributeSource = Pick<
  TransportEventRecord,
  | 'event'
  | 'created_at'
  | 'voyage_number'
  | 'timestamp'
  | 'timezone'
  | 'location_locode'
  | 'data_source'
  | 'vessel_name'
  | 'vessel_imo'
  | 'invalidated_at'
  | 'value'
>;

/** Beyond the established API: there is no vessel resource, so the vessel is given as attributes. */
export interface TransportEventVesselAttributes {
  vessel_name: string | null;
  vessel_imo: string | null;
}

/** Set when the source corrected or withdrew this version (the correction points back at it as `previous_version`). */
export interface TransportEventVersionAttributes {
  invalidated_at: string | null;
}

/** What the established service's live responses carry as `value`: the new value of a value-change event. */
export interface TransportEventValueAttributes {
  value: string | null;
}

export type TransportEventResourceAttributes = AttributesOf<
  TransportEventAttributes & TransportEventVesselAttributes & TransportEventVersionAttributes & TransportEventValueAttributes
>;

/**
 * The established API's transport event, for the api and for webhook payloads alike: `timestamp`
 * is UTC, `timezone` the IANA zone of where it happened (docs/webhooks.md), plus
 * `vessel_name` and `vessel_imo`.
 */
export function transportEventAttributes(event: TransportEventAttributeSource): TransportEventResourceAttributes {
  return {
    event: event.event,
    created_at: isoInstant(event.created_at),
    voyage_number: event.voyage_number,
    timestamp: isoInstant(event.timestamp),
    timezone: event.timezone,
    location_locode: event.location_locode,
    data_source: event.data_source,
    vessel_name: event.vessel_name,
    vessel_imo: event.vessel_imo,
    invalidated_at: isoInstant(event.invalidated_at),
    value: isoInstant(event.value),
  };
}
