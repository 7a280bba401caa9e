import type { ReportedFee, ReportedHold, UtcTimestamp } from '@quayside/domain';
import type { CarrierMilestone, PortRef } from './carrier-adapter.port';
import type { TransientFailure } from './transient-failure';

export const RAIL_MILESTONE_EVENTS = [
  'container.transport.rail_loaded',
  'container.transport.rail_departed',
  'container.transport.rail_arrived',
  'container.transport.rail_unloaded',
  'container.transport.arrived_at_inland_destination',
] as const;
export type RailMilestoneEventName = (typeof RAIL_MILESTONE_EVENTS)[number];

export interface RailLookupQuery {
  /** SCAC of the rail carrier. */
  railScac: string;
  containerNumbers: string[];
  /** Same value on every call for one tracking request (its `created_at`); sandbox scenarios play from here. */
  trackingSince: Date;
  now: Date;
}

export interface RailMilestone extends CarrierMilestone {
  event: RailMilestoneEventName;
  dataSource: 'rail';
}

export interface RailContainerStatus {
  containerNumber: string;
  railCarrierScac: string;
  /** Sorted by timestamp. */
  milestones: RailMilestone[];
  /** Rail carrier last free day at the inland destination. */
  pickupLfdRail: UtcTimestamp | null;
  /** Inland destination ramp, when the rail carrier says. */
  destination: PortRef | null;
  /**
   * The facility (ramp) at the inland destination as the rail source names it, with its FIRMS or
   * sublocation code when it gives one; absent or null when it does not say. Quayside records it
   * as a rail terminal (docs/containers.md, "Rail terminals").
   */
  destinationFacility?: { name: string; firmsCode: string | null } | null;
  destinationEtaAt: UtcTimestamp | null;
  /**
   * Holds and fees at the inland destination facility in the source's own words (normalized like
   * a terminal's); null when the source does not report them, which is never "no holds".
   */
  facilityHolds?: ReportedHold[] | null;
  facilityFees?: ReportedFee[] | null;
  checkedAt: UtcTimestamp;
}

/** Containers the rail carrier does not know are left out of `containers`. */
export type RailLookupResult = { outcome: 'found'; containers: RailContainerStatus[] } | TransientFailure;

export interface RailAdapter {
  /** Throws `SourceBackoffError` while the rail carrier is paused or its quota spent: it was not asked (docs/carriers.md, "Limits"). */
  lookup(query: RailLookupQuery): Promise<RailLookupResult>;
}
