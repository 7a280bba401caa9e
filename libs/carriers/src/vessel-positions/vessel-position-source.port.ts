import type { LonLat } from './geo';

/** One reported (or, for the sandbox, computed) position of a vessel. */
export interface VesselPosition {
  latitude: number;
  longitude: number;
  /** Degrees, 0 = north, 90 = east; null when unknown. */
  heading: number | null;
  /** Knots over ground; null when unknown. */
  speedKnots: number | null;
  timestamp: Date;
}

/**
 * The leg the vessel is known to sail, from the tracking data: where and when it left, where it
 * goes and when it is due. A live AIS provider does not need it; the sandbox moves its vessels
 * along it (their times come from the scenario clock through the carrier's milestones).
 */
export interface VoyageLeg {
  from: LonLat;
  to: LonLat;
  departedAt: Date;
  arrivesAt: Date;
}

export interface VesselPositionQuery {
  imo: string;
  /** Positions reported in [from, to]. */
  from: Date;
  to: Date;
  leg: VoyageLeg | null;
}

/**
 * Where vessels are: an AIS provider in production, the sandbox in development. Answers `[]`
 * for a vessel it knows nothing about; never throws for that. Positions are oldest first.
 */
export interface VesselPositionSource {
  readonly name: string;
  /** Whether this source can answer for the vessel at all (the sandbox only knows its own vessels). */
  covers(imo: string): boolean;
  positions(query: VesselPositionQuery): Promise<VesselPosition[]>;
}

/**
 * `VESSEL_POSITIONS` of the api (README config table): which source answers. The sandbox
 * always answers for its own vessels; `datalastic` answers for every other IMO.
 */
export type VesselPositionsConfig =
  | { kind: 'sandbox' }
  | {
      kind: 'datalastic';
      /** Base address of the provider, `https://api.datalastic.com`. */
      baseUrl: string;
      /** Sent as the `api-key` query parameter. */
      apiKey: string;
      timeoutMs?: number;
    };
