import type { Dispatcher } from 'undici';
import { ApmtTerminalAdapter } from '../apmt/apmt-terminal.adapter';
import { DcsaCarrierAdapter } from '../dcsa/dcsa-carrier.adapter';
import type { PushedDcsaEvents } from '../dcsa/dcsa-carrier.adapter';
import type { AdapterRegistryConfig, CarrierConfig } from '../ports/adapter-config';
import type { CarrierAdapter } from '../ports/carrier-adapter.port';
import type { RailAdapter } from '../ports/rail-adapter.port';
import type { TerminalAdapter } from '../ports/terminal-adapter.port';
import type { TimeZoneLookup } from '../ports/time-zone-lookup';
import { SandboxCarrierAdapter } from '../sandbox/sandbox-carrier.adapter';
import { SandboxRailAdapter } from '../sandbox/sandbox-rail.adapter';
import { SandboxTerminalAdapter } from '../sandbox/sandbox-terminal.adapter';
import { CallLimiter } from './call-limiter';
import { LimitedCarrierAdapter } from './limited-carrier.adapter';

export interface AdapterRegistryDependencies {
  /** UN/LOCODE → IANA zone (the ports table), for carriers whose events carry only UTC offsets. */
  timeZoneOf?: TimeZoneLookup;
  /** Shared HTTP pool for every carrier (tests); by default each HTTP carrier owns one. */
  dispatcher?: Dispatcher;
  /** Epoch milliseconds, for OAuth2 token expiry. */
  clock?: () => number;
  /** The events DCSA 3.0 carriers pushed (docs/dcsa.md, "Carriers that push"). */
  pushedEvents?: PushedDcsaEvents;
}

const DEFAULT_MAX_CONCURRENCY = 4;

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
  private readonly carriers = new Map<string, LimitedCarrierAdapter>();
  private readonly terminals = new Map<string, TerminalAdapter>();
  private readonly rails = new Map<string, RailAdapter>();
  private readonly closables: Array<{ close(): Promise<void> }> = [];

  constructor(config: AdapterRegistryConfig, dependencies: AdapterRegistryDependencies = {}) {
    const sandbox = { clockCompression: config.sandbox.clockCompression };
    for (const [scac, carrier] of uniqueKeys(config.carriers, (c) => c.scac, 'carrier')) {
      const limiter = new CallLimiter({
        maxConcurrency: carrier.maxConcurrency ?? DEFAULT_MAX_CONCURRENCY,
        requestsPerWindow: carrier.requestsPerMinute,
      });
      this.carriers.set(scac, new LimitedCarrierAdapter(this.buildCarrier(scac, carrier, sandbox, dependencies), limiter));
    }
    for (const [firmsCode, terminal] of uniqueKeys(config.terminals, (t) => t.firmsCode, 'terminal')) {
      switch (terminal.kind) {
        case 'sandbox':
          this.terminals.set(firmsCode, new SandboxTerminalAdapter(sandbox));
          break;
        case 'apmt': {
          if (terminal.experimental !== true) {
            throw new Error(
              `adapter configuration: terminal ${firmsCode}: the APM Terminals adapter is experimental (the field names it reads are not verified against APM's published schema, docs/carriers.md "Published contracts"); set "experimental": true to run it anyway`,
            );
          }
          let adapter: ApmtTerminalAdapter;
          try {
            adapter = new ApmtTerminalAdapter({ ...terminal, firmsCode }, dependencies);
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
      switch (rail.kind) {
        case 'sandbox':
          this.rails.set(scac, new SandboxRailAdapter(sandbox));
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

  /** Releases HTTP connection pools (on application shutdown). */
  async close(): Promise<void> {
    await Promise.all(this.closables.map((adapter) => adapter.close()));
  }

  private buildCarrier(
    scac: string,
    carrier: CarrierConfig,
    sandbox: { clockCompression: number },
    dependencies: AdapterRegistryDependencies,
  ): CarrierAdapter {
    switch (carrier.kind) {
      case 'sandbox':
        return new SandboxCarrierAdapter(sandbox);
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
