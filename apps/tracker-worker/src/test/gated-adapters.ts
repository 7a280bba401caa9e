import type { CarrierAdapter, CarrierTrackQuery, CarrierTrackResult, SandboxScenario } from '@quayside/carriers';
import { ScenarioAdapters } from './scenario-adapters';

/**
 * The sandbox adapters with a counter of carrier calls per number, and a gate: the next call
 * after `close()` gets its answer (as of its own `now`) but does not return it until the test
 * opens the gate — a refresh held after its carrier call, as a slow network, a long pause or an
 * overloaded worker would hold it. Later calls pass.
 */
export class GatedAdapters extends ScenarioAdapters {
  readonly calls: string[] = [];
  private gate: { opened: Promise<void>; open: () => void; held: number } | null = null;

  constructor(extra: readonly SandboxScenario[] = []) {
    super(extra);
  }

  override carrier(scac: string): CarrierAdapter | null {
    const inner = super.carrier(scac);
    if (inner === null) return null;
    return {
      track: async (query: CarrierTrackQuery): Promise<CarrierTrackResult> => {
        this.calls.push(query.number);
        const result = await inner.track(query);
        const gate = this.gate;
        if (gate !== null && gate.held === 0) {
          gate.held = 1;
          await gate.opened;
        }
        return result;
      },
    };
  }

  callsFor(number: string): number {
    return this.calls.filter((n) => n === number).length;
  }

  /** The next call is held after the carrier answered, until `open()`. */
  close(): void {
    let open = (): void => undefined;
    const opened = new Promise<void>((resolve) => {
      open = resolve;
    });
    this.gate = { opened, open, held: 0 };
  }

  /** Whether a call is held at the gate. */
  holding(): boolean {
    return (this.gate?.held ?? 0) > 0;
  }

  open(): void {
    const gate = this.gate;
    this.gate = null;
    gate?.open();
  }
}
