import type { EstimatedEventName, Fee, FeeType, Hold, HoldName, IanaTimeZone, MilestoneEventName } from '@quayside/domain';
import type { CarrierEquipment } from '../ports/carrier-adapter.port';

/** The SCAC, terminals and rail carrier the sandbox answers for (README.md lists them). */
export const SANDBOX_SCAC = 'TEST';
export const SANDBOX_TERMINAL_FIRMS_CODE = 'TST1';
export const SANDBOX_ALTERNATE_TERMINAL_FIRMS_CODE = 'TST2';
export const SANDBOX_RAIL_SCAC = 'TSTR';
/**
 * The inland ramp the sandbox rail carrier reports at a scenario's destination: a sandbox
 * facility like the sandbox terminals, so a sandbox user sees a rail terminal recorded and served.
 */
export const SANDBOX_RAIL_FACILITY = { name: 'Quayside Sandbox Rail Ramp', firmsCode: 'TSR1' } as const;

export interface SandboxPlace {
  locode: string;
  name: string;
  timeZone: IanaTimeZone;
}

/** Where a step happens: the scenario's port of loading, transshipment port, port of discharge or inland destination. */
export type SandboxPlaceKey = 'pol' | 'ts' | 'pod' | 'dest';

export interface SandboxVessel {
  name: string;
  imo: string;
  voyage: string;
}

export interface SandboxContainer {
  number: string;
  isoSizeType: string;
  equipment: CarrierEquipment;
  sealNumber: string | null;
  weightLbs: number | null;
}

/** What the line answers instead of a shipment, from the step's day on (`found` ends an earlier one). */
export type SandboxOutcome =
  'found' | 'not_found' | 'invalid_number' | 'booking_cancelled' | 'data_unavailable' | 'shipping_line_unreachable';

/** Every step applies to all containers unless it names some. */
interface StepBase {
  /** Scenario days from the moment tracking started; negative = history the line already has. */
  day: number;
  containers?: readonly string[];
}

export type SandboxStep =
  | (StepBase & { type: 'manifested' })
  | (StepBase & { type: 'outcome'; outcome: SandboxOutcome })
  | (StepBase & {
      type: 'milestone';
      event: MilestoneEventName;
      at: SandboxPlaceKey;
      /** Who reports it: the line (default) or the rail carrier. */
      source?: 'shipping_line' | 'rail';
      /** Vessel of this leg; vessel events default to the scenario's vessel at the port of discharge. */
      vessel?: SandboxVessel;
    })
  | (StepBase & { type: 'estimate'; event: EstimatedEventName; at: SandboxPlaceKey; eventDay: number; vessel?: SandboxVessel })
  | (StepBase & { type: 'hold'; hold: Hold })
  | (StepBase & { type: 'hold_cleared'; name: HoldName })
  | (StepBase & { type: 'fee'; fee: Fee })
  | (StepBase & { type: 'fee_cleared'; feeType: FeeType })
  | (StepBase & { type: 'last_free_day'; source: 'line' | 'terminal' | 'rail'; lfdDay: number | null })
  | (StepBase & { type: 'availability'; available: boolean })
  | (StepBase & { type: 'appointment'; appointmentDay: number | null })
  | (StepBase & { type: 'yard_location'; location: string | null })
  | (StepBase & { type: 'pod_terminal'; firmsCode: string });

/** A scenario is data: a shipment and a timeline of steps, played "as of now" by the scenario player. */
export interface SandboxScenario {
  /** The tracking number (bill of lading or booking); its containers can be tracked by their own numbers too. */
  number: string;
  bookingNumber: string | null;
  /** One line for README.md. */
  plays: string;
  places: { pol: SandboxPlace; pod: SandboxPlace; ts?: SandboxPlace; dest?: SandboxPlace };
  /** The vessel that calls at the port of discharge. */
  vessel: SandboxVessel;
  podTerminalFirmsCode: string | null;
  railCarrierScac: string | null;
  containers: readonly SandboxContainer[];
  steps: readonly SandboxStep[];
}

export interface SandboxAdapterOptions {
  /** Scenario days per real day (see `SandboxConfig.clockCompression`). */
  clockCompression: number;
  /** Defaults to the built-in scenarios; tests may pass their own. */
  scenarios?: readonly SandboxScenario[];
}
