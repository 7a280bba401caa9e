import type { CarrierShipmentSnapshot, RailContainerStatus, TerminalContainerStatus } from '@quayside/carriers';
import type { ObservationSources } from '@quayside/data-access';
import type { AccountFeature } from '@quayside/domain';

/**
 * What the terminal at the port of discharge said. `not_served`: no terminal adapter serves it
 * (terminal data stays absent). `failed`: it could not be asked now (keep what is stored).
 */
export type TerminalObservation =
  | { kind: 'not_served' }
  | { kind: 'failed' }
  | { kind: 'found'; checkedAt: Date; byContainer: ReadonlyMap<string, TerminalContainerStatus> };

/**
 * What rail carriers said, per container number; `failed` numbers keep what is stored.
 * `railTerminalIds`: the recorded rail terminal of each container whose inland facility was named.
 */
export interface RailObservation {
  byContainer: ReadonlyMap<string, RailContainerStatus>;
  failed: ReadonlySet<string>;
  railTerminalIds?: ReadonlyMap<string, string>;
}

/** One fetch of a physical shipment from carrier, terminal and rail, before any account's view of it. */
export interface Observation {
  carrier: CarrierShipmentSnapshot;
  terminal: TerminalObservation;
  rail: RailObservation;
  /** The POD terminal by the carrier's FIRMS code, null when unknown. */
  podTerminalId: string | null;
  /** UN/LOCODE → port id, for every place the observation names that the ports table knows. */
  portIds: ReadonlyMap<string, string>;
  observedAt: Date;
  /** Which sources answered, when, and by their own clock where they have one: the order of observations. */
  sources: ObservationSources;
}

/** The account a view is built for: what it may see. */
export interface AccountView {
  accountId: string;
  features: readonly AccountFeature[];
}

/** The shipping line as the reference data names it. */
export interface ShippingLineRef {
  id: string | null;
  scac: string;
  name: string | null;
  shortName: string | null;
}
