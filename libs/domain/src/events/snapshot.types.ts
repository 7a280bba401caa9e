import type { EventOrigin, EstimatedEventName, MilestoneEventName } from '../enums/event-name.enum';
import type { IanaTimeZone, Id, UtcTimestamp } from '../resources/common';
import type { Fee, Hold, ImportDeadlines } from '../resources/terminal-data';

/**
 * What the tracker knows about a shipment at one moment, built from carrier, terminal and
 * rail adapter results (next) or from the database (previous). The diff compares two of them.
 */
export interface MilestoneSnapshot {
  event: MilestoneEventName;
  timestamp: UtcTimestamp | null;
  timezone: IanaTimeZone | null;
  location_locode: string | null;
  vessel_name: string | null;
  voyage_number: string | null;
  data_source: EventOrigin;
}

export type ContainerEstimatedEventName = Exclude<EstimatedEventName, 'shipment.estimated.arrival'>;

/** One estimate per (event, location): e.g. the ETA of the vessel at the port of discharge. */
export interface EstimateSnapshot {
  event: ContainerEstimatedEventName;
  estimated_timestamp: UtcTimestamp;
  timezone: IanaTimeZone | null;
  location_locode: string | null;
  voyage_number: string | null;
  data_source: 'shipping_line' | 'terminal';
}

/** A container's operational fields; `pickup_lfd` is derived from `import_deadlines`, not stored here. */
export interface ContainerSnapshot {
  /** Unique within its shipment snapshot; containers are matched by it. */
  number: string;
  pod_terminal_id: Id | null;
  available_for_pickup: boolean | null;
  holds_at_pod_terminal: Hold[];
  fees_at_pod_terminal: Fee[];
  import_deadlines: ImportDeadlines;
  pickup_appointment_at: UtcTimestamp | null;
  milestones: MilestoneSnapshot[];
  estimates: EstimateSnapshot[];
}

/** A container as stored: each milestone already has its leg (see `assignMilestoneLegs`). */
export type StoredContainerSnapshot = Omit<ContainerSnapshot, 'milestones'> & { milestones: Array<MilestoneSnapshot & { leg: number }> };

export interface ShipmentSnapshot {
  /** Estimated arrival at the port of discharge, as reported. */
  pod_eta_at: UtcTimestamp | null;
  port_of_discharge_locode: string | null;
  pod_timezone: IanaTimeZone | null;
  pod_voyage_number: string | null;
  containers: ContainerSnapshot[];
}

/** A shipment as stored: the "previous" side of a diff. */
export type StoredShipmentSnapshot = Omit<ShipmentSnapshot, 'containers'> & { containers: StoredContainerSnapshot[] };
