import type { Dispatcher } from 'undici';
import { ApmtTerminalAdapter } from '../apmt/apmt-terminal.adapter';
import { DcsaCarrierAdapter } from '../dcsa/dcsa-carrier.adapter';
import type { PolledDcsaAnswers, PushedDcsaEvents } from '../dcsa/dcsa-carrier.adapter';
import type { AdapterRegistryConfig, CarrierConfig, SourceLimitsConfig } from '../ports/adapter-config';
import type { CarrierAdapter } from '../ports/carrier-adapter.port';
import type { RailAdapter } from '../ports/rail-adapter.port';
import type { TerminalAdapter } from '../ports/terminal-adapter.port';
import type { TimeZoneLookup } from '../ports/time-zone-lookup';
import { SandboxCarrierAdapter } from '../sandbox/sandbox-carrier.adapter';
import { SandboxRailAdapter } from '../sandbox/sandbox-rail.adapter';
import { SandboxTerminalAdapter } from '../sandbox/sandbox-terminal.adapter';
import { FleetSourceGate } from '../quota/fleet-source-gate';
import { LocalSourceGate } from '../quota/local-source-gate';
import type { SourceGate } from '../quota/source-gate';
import type { SourceLimits, SourceQuotaStore, SourceQuotaUsage, SourceRef } from '../quota/source-quota';
import { LimitedCarrierAdapter } from './limited-carrier.adapter';
import { LimitedLookupAdapter } from './limited-lookup.adapter';

export interface AdapterRegistryDependencies {
  /** UN/LOCODE → IANA zone (the ports table), for carriers whose events carry only UTC offsets. */
  timeZoneOf?: TimeZoneLookup;
  /** Shared HTTP pool for every carrier (tests); by default each HTTP carrier owns one. */
  dispatcher?: Dispatcher;
  /** Epoch milliseconds, for OAuth2 token expiry. */
  clock?: () => number;
  /** The events DCSA 3.0 carriers pushed (docs/dcsa.md, "Carriers that push"). */
  pushedEvents?: PushedDcsaEvents;
  /** The last `GET /events` answer of each DCSA 3.0 carrier per number, kept so a push is applied without asking again. */
  polledAnswers?: PolledDcsaAnswers;
  /**
   * Where each source's (carrier, terminal, rail carrier) `requestsPerMinute` and `maxConcurrency`
   * are held for every worker process together (Redis in the tracker-worker). Without it,
   * concurrency holds per process and `requestsPerMinute` is refused.
   */
  quota?: SourceQuotaStore;
}

const DEFAULT_MAX_CONCURRENCY = 4;
const MINUTE_MS = 60_000;
/**
 * Added to the minute a start stays in the window: a request reaches the source a moment after
 * its permit, and not always the same moment, so the source's own clock never counts more than
 * `requestsPerMinute` in any 60 seconds.
 */
const WINDOW_SLACK_MS = 1000;
const DEFAULT_TIMEOUT_MS = 10_000;
/** A slot is held at most this much longer than the request's own timeout, so a dead worker's slot comes back. */
const LEASE_SLACK_MS = 5000;

/** The quota of one source as it is read for metrics and the source's health. */
export interface SourceQuotaReading {
  source: SourceRef;
  usage: SourceQuotaUsage;
}

function uniqueKeys<T>(items: readonly T[], key: (item: T) => string, what: string): Map<string, T> {
  const byKey = new Map<string, T>();
  for (const item of items) {
    const k = key(item).trim().toUpperCase();
    if (k === '') throw new Error(`adapter configuration: a ${what} has an empty code`);
    if (byKey.has(k)) throw new Error(`adapter configuration: ${what} ${k} is configured twice`);
    byKey.set(k, item);
  }
  return byKey;
}

/**
 * Picks the adapter for a SCAC, terminal FIRMS code or rail SCAC from configuration. Built once
 * at start-up: a wrong configuration stops the process with a message that names the entry.
 */
export class AdapterRegistry {
  private readonly carriers = new Map<string, CarrierAdapter>();
  private readonly gates: SourceGate[] = [];
  private readonly terminals = new Map<string, TerminalAdapter>();
  private readonly rails = new Map<string, RailAdapter>();
  private readonly closables: Array<{ close(): Promise<void> }> = [];

  constructor(config: AdapterRegistryConfig, dependencies: AdapterRegistryDependencies = {}) {
    const sandbox = { clockCompression: config.sandbox.clockCompression };
    for (const [scac, carrier] of uniqueKeys(config.carriers, (c) => c.scac, 'carrier')) {
      const gate = this.gateFor({ kind: 'carrier', code: scac }, `carrier ${scac}`, carrier, dependencies.quota);
      this.carriers.set(scac, this.buildCarrier(scac, carrier, sandbox, { ...dependencies, gate }));
    }
    for (const [firmsCode, terminal] of uniqueKeys(config.terminals, (t) => t.firmsCode, 'terminal')) {
      const gate = this.gateFor({ kind: 'terminal', code: firmsCode }, `terminal ${firmsCode}`, terminal, dependencies.quota);
      switch (terminal.kind) {
        case 'sandbox':
          this.terminals.set(firmsCode, new LimitedLookupAdapter(new SandboxTerminalAdapter(sandbox), gate));
          break;
        case 'apmt': {
          if (terminal.experimental !== true) {
            throw new Error(
              `adapter configuration: terminal ${firmsCode}: the APM Terminals adapter is experimental (the field names it reads are not verified against APM's published schema, docs/carriers.md "Published contracts"); set "experimental": true to run it anyway`,
            );
          }
          let adapter: ApmtTerminalAdapter;
          try {
            adapter = new ApmtTerminalAdapter({ ...terminal, firmsCode }, { ...dependencies, gate });
          } catch (error) {
            throw new Error(`adapter configuration: terminal ${firmsCode}: ${error instanceof Error ? error.message : String(error)}`);
          }
          this.closables.push(adapter);
          this.terminals.set(firmsCode, adapter);
          break;
        }
        default:
          throw new Error(`adapter configuration: terminal ${firmsCode}: unknown kind ${String((terminal as { kind: unknown }).kind)}`);
      }
    }
    for (const [scac, rail] of uniqueKeys(config.rail, (r) => r.scac, 'rail carrier')) {
      const gate = this.gateFor({ kind: 'rail', code: scac }, `rail carrier ${scac}`, rail, dependencies.quota);
      switch (rail.kind) {
        case 'sandbox':
          this.rails.set(scac, new LimitedLookupAdapter(new SandboxRailAdapter(sandbox), gate));
      }
    }
  }

  carrierFor(scac: string): CarrierAdapter | null {
    return this.carriers.get(scac.trim().toUpperCase()) ?? null;
  }

  terminalFor(firmsCode: string): TerminalAdapter | null {
    return this.terminals.get(firmsCode.trim().toUpperCase()) ?? null;
  }

  railFor(scac: string): RailAdapter | null {
    return this.rails.get(scac.trim().toUpperCase()) ?? null;
  }

  /** SCACs with an adapter, e.g. for a start-up log line or a health check. */
  get carrierScacs(): string[] {
    return [...this.carriers.keys()];
  }

  /** What each source's quota holds now, across every worker (metrics, the health of a source). */
  quotaUsage(): Promise<SourceQuotaReading[]> {
    return Promise.all(this.gates.map(async (gate) => ({ source: gate.source, usage: await gate.usage() })));
  }

  /** Releases HTTP connection pools (on application shutdown). */
  async close(): Promise<void> {
    await Promise.all(this.closables.map((adapter) => adapter.close()));
  }

  /** The gate of one source, kept for its quota readings; a wrong limit stops start-up naming the source. */
  private gateFor(
    source: SourceRef,
    named: string,
    config: SourceLimitsConfig & { timeoutMs?: number },
    quota: SourceQuotaStore | undefined,
  ): SourceGate {
    const gate = sourceGate(source, named, config, quota);
    this.gates.push(gate);
    return gate;
  }

  private buildCarrier(
    scac: string,
    carrier: CarrierConfig,
    sandbox: { clockCompression: number },
    dependencies: AdapterRegistryDependencies & { gate: SourceGate },
  ): CarrierAdapter {
    switch (carrier.kind) {
      case 'sandbox':
        return new LimitedCarrierAdapter(new SandboxCarrierAdapter(sandbox), dependencies.gate);
      case 'dcsa': {
        let adapter: DcsaCarrierAdapter;
        try {
          adapter = new DcsaCarrierAdapter({ ...carrier, scac }, dependencies);
        } catch (error) {
          throw new Error(`adapter configuration: carrier ${scac}: ${error instanceof Error ? error.message : String(error)}`);
        }
        this.closables.push(adapter);
        return adapter;
      }
    }
  }
}

function sourceGate(
  source: SourceRef,
  named: string,
  config: SourceLimitsConfig & { timeoutMs?: number },
  quota: SourceQuotaStore | undefined,
): SourceGate {
  const maxConcurrency = config.maxConcurrency ?? DEFAULT_MAX_CONCURRENCY;
  const rate = config.requestsPerMinute;
  const fail = (problem: string): never => {
    throw new Error(`adapter configuration: ${named}: ${problem}`);
  };
  if (!Number.isInteger(maxConcurrency) || maxConcurrency < 1) fail(`maxConcurrency must be a positive integer, got ${maxConcurrency}`);
  if (rate !== undefined && (!Number.isInteger(rate) || rate < 1)) fail(`requestsPerMinute must be a positive integer, got ${rate}`);
  if (quota === undefined) {
    if (rate !== undefined) fail('requestsPerMinute needs the shared quota store (Redis), which this process was not given');
    return new LocalSourceGate(source, maxConcurrency);
  }
  const limits: SourceLimits = {
    maxConcurrency,
    requestsPerWindow: rate ?? null,
    windowMs: MINUTE_MS + WINDOW_SLACK_MS,
    // Sandbox sources have no timeout of their own: the HTTP default.
    leaseMs: (config.timeoutMs ?? DEFAULT_TIMEOUT_MS) + LEASE_SLACK_MS,
  };
  return new FleetSourceGate(source, limits, quota);
}
