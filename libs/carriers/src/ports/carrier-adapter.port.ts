import type {
  EventOrigin,
  EquipmentHeight,
  EquipmentLength,
  EquipmentType,
  EstimatedEventName,
  IanaTimeZone,
  MilestoneEventName,
  RequestType,
  UtcTimestamp,
} from '@quayside/domain';
import type { TransientFailure } from './transient-failure';

export interface CarrierTrackQuery {
  kind: RequestType;
  number: string;
  scac: string;
  /**
   * When the tracking request was first seen (its `created_at`). Sandbox scenarios play from here,
   * so it must be the same value on every call and in every process.
   */
  trackingSince: Date;
  now: Date;
  /**
   * UN/LOCODEs of the transport document's ports when already known: they decide which calls are
   * the port of loading and of discharge (and so which are transshipments) instead of the event order.
   */
  knownPorts?: { portOfLading: string | null; portOfDischarge: string | null };
}

/** A port or place by UN/LOCODE; `name` and `timeZone` are null when the source does not say. */
export interface PortRef {
  locode: string;
  name: string | null;
  timeZone: IanaTimeZone | null;
}

export interface VesselRef {
  name: string | null;
  imo: string | null;
  voyage: string | null;
}

/** One actual movement of a container; `timestamp` is UTC, `timezone` the IANA zone of `locode`. */
export interface CarrierMilestone {
  event: MilestoneEventName;
  timestamp: UtcTimestamp;
  timezone: IanaTimeZone | null;
  locode: string | null;
  vesselName: string | null;
  vesselImo: string | null;
  voyageNumber: string | null;
  dataSource: EventOrigin;
  /**
   * The event as the source worded it (a carrier's status text, DCSA's codes), kept as the
   * container's raw event; absent when the adapter has no wording of its own.
   */
  originalEvent?: string;
  /** The place as the source named it, when it named it. */
  locationName?: string | null;
}

/** An estimated or planned movement; the newest estimate per event and place wins. */
export interface CarrierEstimate {
  event: EstimatedEventName;
  timestamp: UtcTimestamp;
  timezone: IanaTimeZone | null;
  locode: string | null;
  vesselName: string | null;
  vesselImo: string | null;
  voyageNumber: string | null;
  dataSource: 'shipping_line' | 'terminal';
  /**
   * The event as the source worded it (a carrier's status text, DCSA's codes), kept as the
   * container's raw event; absent when the adapter has no wording of its own.
   */
  originalEvent?: string;
  /** The place as the source named it, when it named it. */
  locationName?: string | null;
}

/** Normalized equipment; each part is null when the ISO size-type code does not tell it. */
export interface CarrierEquipment {
  type: EquipmentType | null;
  length: EquipmentLength | null;
  height: EquipmentHeight | null;
}

export interface CarrierContainerSnapshot {
  number: string;
  /** ISO 6346 size-type code as the carrier sent it (e.g. `45G1`), null when not sent. */
  isoSizeType: string | null;
  equipment: CarrierEquipment | null;
  sealNumber: string | null;
  weightLbs: number | null;
  /** Sorted by timestamp. */
  milestones: CarrierMilestone[];
  estimates: CarrierEstimate[];
  /** Shipping line last free day (per diem deadline). */
  pickupLfdLine: UtcTimestamp | null;
  /** SCAC of the rail carrier that takes the container from the port of discharge, when the line says. */
  podRailCarrierScac: string | null;
  emptyReturned: boolean;
}

export interface CarrierShipmentSnapshot {
  billOfLadingNumber: string | null;
  bookingNumber: string | null;
  portOfLading: PortRef | null;
  portOfDischarge: PortRef | null;
  /** Inland destination after the port of discharge, null when the journey ends at the port. */
  destination: PortRef | null;
  /** The vessel that calls at the port of discharge. */
  podVessel: VesselRef | null;
  polEtdAt: UtcTimestamp | null;
  polAtdAt: UtcTimestamp | null;
  podEtaAt: UtcTimestamp | null;
  podAtaAt: UtcTimestamp | null;
  destinationEtaAt: UtcTimestamp | null;
  destinationAtaAt: UtcTimestamp | null;
  /** FIRMS code of the terminal at the port of discharge, when the line says. */
  podTerminalFirmsCode: string | null;
  /** Shipment-wide line last free day; a container's own value wins over it. */
  pickupLfdLine: UtcTimestamp | null;
  containers: CarrierContainerSnapshot[];
  /** The booking was cancelled after the shipment was first seen. */
  cancelled: boolean;
  /**
   * The source's own time of this answer when it has one (DCSA: the newest `eventCreatedDateTime`):
   * an answer older by the source's clock than one already applied is never applied.
   */
  sourceUpdatedAt?: UtcTimestamp | null;
}

export type CarrierTrackResult =
  | { outcome: 'found'; shipment: CarrierShipmentSnapshot }
  | { outcome: 'not_found' }
  | { outcome: 'not_manifested' }
  | TransientFailure
  | { outcome: 'invalid_number'; detail: string }
  | { outcome: 'booking_cancelled' }
  | { outcome: 'data_unavailable' };

/** Tracks one number at one ocean carrier. Never throws for carrier-side problems: they are outcomes. */
/** A carrier's answer rebuilt without asking it, and when it was last asked. */
export interface HeldTrackResult {
  result: CarrierTrackResult;
  /** When the carrier gave the answer this was rebuilt from. */
  fetchedAt: Date;
}

export interface CarrierAdapter {
  track(query: CarrierTrackQuery): Promise<CarrierTrackResult>;
  /**
   * The answer `track` would give if the carrier said again what it last said, with what it pushed
   * since (docs/dcsa.md, "Carriers that push"); no request. Null when nothing of its last answer is
   * kept (never asked, or it no longer knew the number): then only `track` can answer.
   */
  trackHeld?(query: CarrierTrackQuery): Promise<HeldTrackResult | null>;
}
