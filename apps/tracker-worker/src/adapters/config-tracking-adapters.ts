import type { AdapterRegistryConfig, CarrierAdapter, RailAdapter, TerminalAdapter } from '@quayside/carriers';
import { SandboxCarrierAdapter, SandboxRailAdapter, SandboxTerminalAdapter } from '@quayside/carriers';
import { TimeScale } from '../tracking-state/time-scale';
import { TrackingAdapters } from './tracking-adapters';

const key = (code: string): string => code.trim().toUpperCase();

/** Adapters built from the registry configuration. */
export class ConfigTrackingAdapters extends TrackingAdapters {
  private readonly carriers = new Map<string, CarrierAdapter>();
  private readonly terminals = new Map<string, TerminalAdapter>();
  private readonly railCarriers = new Map<string, RailAdapter>();
  private readonly sandboxScacs = new Set<string>();
  private readonly sandboxScale: TimeScale;

  constructor(config: AdapterRegistryConfig) {
    super();
    const sandbox = { clockCompression: config.sandbox.clockCompression };
    this.sandboxScale = new TimeScale(config.sandbox.clockCompression);
    for (const carrier of config.carriers) {
      switch (carrier.kind) {
        case 'sandbox':
          this.carriers.set(key(carrier.scac), new SandboxCarrierAdapter(sandbox));
          this.sandboxScacs.add(key(carrier.scac));
          break;
        case 'dcsa':
          throw new Error(`carrier ${carrier.scac}: DCSA adapters are not available in this build yet`);
      }
    }
    for (const terminal of config.terminals) this.terminals.set(key(terminal.firmsCode), new SandboxTerminalAdapter(sandbox));
    for (const rail of config.rail) this.railCarriers.set(key(rail.scac), new SandboxRailAdapter(sandbox));
  }

  carrier(scac: string): CarrierAdapter | null {
    return this.carriers.get(key(scac)) ?? null;
  }

  terminal(firmsCode: string): TerminalAdapter | null {
    return this.terminals.get(key(firmsCode)) ?? null;
  }

  rail(scac: string): RailAdapter | null {
    return this.railCarriers.get(key(scac)) ?? null;
  }

  timeScale(scac: string): TimeScale {
    return this.sandboxScacs.has(key(scac)) ? this.sandboxScale : TimeScale.REAL;
  }
}
