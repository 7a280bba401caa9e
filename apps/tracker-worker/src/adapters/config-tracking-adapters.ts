import type { OnApplicationShutdown } from '@nestjs/common';
import type {
  AdapterRegistryConfig,
  CarrierAdapter,
  PolledDcsaAnswers,
  PushedDcsaEvents,
  RailAdapter,
  SourceQuotaReading,
  SourceQuotaStore,
  TerminalAdapter,
  TimeZoneLookup,
} from '@quayside/carriers';
import { AdapterRegistry, trackingSourcesOf } from '@quayside/carriers';
import type { TrackingSource } from '@quayside/domain';
import { TimeScale } from './time-scale';
import { TrackingAdapters } from './tracking-adapters';

const key = (code: string): string => code.trim().toUpperCase();

/**
 * The carriers lib's registry (which holds each carrier's concurrency and request rate across
 * every worker, through the shared quota store), plus
 * the one thing the worker adds: sandbox carriers run on the compressed sandbox clock.
 */
export class ConfigTrackingAdapters extends TrackingAdapters implements OnApplicationShutdown {
  private readonly registry: AdapterRegistry;
  private readonly sandboxScacs: ReadonlySet<string>;
  private readonly sandboxScale: TimeScale;
  private readonly served: readonly TrackingSource[];
  private readonly rates: ReadonlyMap<string, number>;

  constructor(
    config: AdapterRegistryConfig,
    timeZoneOf?: TimeZoneLookup,
    pushedEvents?: PushedDcsaEvents,
    quota?: SourceQuotaStore,
    polledAnswers?: PolledDcsaAnswers,
  ) {
    super();
    this.registry = new AdapterRegistry(config, {
      ...(timeZoneOf ? { timeZoneOf } : {}),
      ...(pushedEvents ? { pushedEvents } : {}),
      ...(polledAnswers ? { polledAnswers } : {}),
      ...(quota ? { quota } : {}),
    });
    this.sandboxScacs = new Set(config.carriers.filter((c) => c.kind === 'sandbox').map((c) => key(c.scac)));
    this.sandboxScale = new TimeScale(config.sandbox.clockCompression);
    this.served = trackingSourcesOf(config);
    this.rates = new Map(config.carriers.flatMap((c) => (c.requestsPerMinute === undefined ? [] : [[key(c.scac), c.requestsPerMinute]])));
  }

  carrier(scac: string): CarrierAdapter | null {
    return this.registry.carrierFor(scac);
  }

  terminal(firmsCode: string): TerminalAdapter | null {
    return this.registry.terminalFor(firmsCode);
  }

  rail(scac: string): RailAdapter | null {
    return this.registry.railFor(scac);
  }

  timeScale(scac: string): TimeScale {
    return this.sandboxScacs.has(key(scac)) ? this.sandboxScale : TimeScale.REAL;
  }

  sources(): readonly TrackingSource[] {
    return this.served;
  }

  override requestsPerMinute(scac: string): number | null {
    return this.rates.get(key(scac)) ?? null;
  }

  override quotaUsage(): Promise<SourceQuotaReading[]> {
    return this.registry.quotaUsage();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.registry.close();
  }
}
