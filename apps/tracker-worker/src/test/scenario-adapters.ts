import type { CarrierAdapter, RailAdapter, SandboxScenario, TerminalAdapter } from '@quayside/carriers';
import { SANDBOX_SCAC, SANDBOX_SCENARIOS, SandboxCarrierAdapter, SandboxRailAdapter, SandboxTerminalAdapter } from '@quayside/carriers';
import { REQUEST_TYPES } from '@quayside/domain';
import type { TrackingSource } from '@quayside/domain';
import { TrackingAdapters } from '../adapters/tracking-adapters';
import { TimeScale } from '../adapters/time-scale';

/** The sandbox adapters (real time) playing the built-in scenarios plus a test's own, and any real terminals a test adds by FIRMS code. */
export class ScenarioAdapters extends TrackingAdapters {
  private readonly line: CarrierAdapter;
  private readonly terminals: TerminalAdapter;
  private readonly railCarrier: RailAdapter;

  constructor(
    extra: readonly SandboxScenario[],
    private readonly realTerminals: ReadonlyMap<string, TerminalAdapter> = new Map(),
  ) {
    super();
    const options = { clockCompression: 1, scenarios: [...SANDBOX_SCENARIOS, ...extra] };
    this.line = new SandboxCarrierAdapter(options);
    this.terminals = new SandboxTerminalAdapter(options);
    this.railCarrier = new SandboxRailAdapter(options);
  }

  carrier(scac: string): CarrierAdapter | null {
    return scac === SANDBOX_SCAC ? this.line : null;
  }

  terminal(firmsCode: string): TerminalAdapter | null {
    return this.realTerminals.get(firmsCode) ?? (firmsCode.startsWith('TST') ? this.terminals : null);
  }

  rail(): RailAdapter | null {
    return this.railCarrier;
  }

  timeScale(): TimeScale {
    return TimeScale.REAL;
  }

  sources(): readonly TrackingSource[] {
    return [{ kind: 'carrier', code: SANDBOX_SCAC, adapter: 'sandbox', requestTypes: REQUEST_TYPES, sandbox: true, experimental: false }];
  }
}
