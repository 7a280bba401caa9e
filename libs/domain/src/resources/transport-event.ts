import type { EventOrigin, EstimatedEventName, EventName, MilestoneEventName } from '../enums/event-name.enum';
import type { IanaTimeZone, UtcTimestamp } from './common';

/** A normalized milestone: UTC timestamp plus the IANA zone of where it happened. */
export interface TransportEventAttributes {
  event:
    | MilestoneEventName
    | Extract<EventName, `container.pickup_${string}` | 'container.transport.available' | 'container.transport.not_available'>;
  voyage_number: string | null;
  timestamp: UtcTimestamp | null;
  timezone: IanaTimeZone | null;
  location_locode: string | null;
  created_at: UtcTimestamp;
  data_source: EventOrigin;
}

export interface EstimatedEventAttributes {
  event: EstimatedEventName;
  estimated_timestamp: UtcTimestamp;
  location_locode: string | null;
  timezone: IanaTimeZone | null;
  voyage_number: string | null;
  created_at: UtcTimestamp;
  data_source: 'shipping_line' | 'terminal';
}
