/** Credentials for a carrier API. */
export type CarrierAuthConfig =
  | { type: 'api_key'; header: string; key: string }
  | {
      type: 'oauth2';
      tokenUrl: string;
      clientId: string;
      clientSecret: string;
      scope?: string;
      /** RFC 6749 2.3.1: `basic` (the default every server must accept) or credentials in the form body. */
      clientAuthentication?: 'basic' | 'body';
    };

/**
 * Limits applied to every HTTP request to one source (carrier, terminal or rail carrier), whatever
 * the adapter kind, for every tracker-worker together (docs/carriers.md, "Limits").
 */
export interface SourceLimitsConfig {
  /** Requests in flight at once (default 4). */
  maxConcurrency?: number;
  /** Requests started per rolling minute (default unlimited). */
  requestsPerMinute?: number;
}

export interface DcsaCarrierConfig extends SourceLimitsConfig {
  scac: string;
  kind: 'dcsa';
  /** Track & Trace version the carrier publishes (default `2.2`). */
  version?: '2.2' | '3.0';
  /** Base address before `/v2/events` (2.2) or `/events` (3.0), e.g. `https://api.carrier.example/tnt`. */
  baseUrl: string;
  auth?: CarrierAuthConfig;
  /** Per HTTP request (default 10 000 ms). */
  timeoutMs?: number;
}

export interface SandboxCarrierConfig extends SourceLimitsConfig {
  scac: string;
  kind: 'sandbox';
}

export type CarrierConfig = DcsaCarrierConfig | SandboxCarrierConfig;

export interface SandboxTerminalConfig extends SourceLimitsConfig {
  firmsCode: string;
  kind: 'sandbox';
}

/**
 * A facility served by APM Terminals' Import Availability API (docs/terminal-data.md). The adapter
 * is EXPERIMENTAL: the field names it reads could not be checked against APM's published schema
 * (docs/carriers.md, "Published contracts"), so it runs only when `experimental: true` says the
 * operator knows.
 */
export interface ApmtTerminalConfig extends SourceLimitsConfig {
  firmsCode: string;
  kind: 'apmt';
  /** Required: the operator accepts an adapter whose field names are not verified (a warning at start-up). */
  experimental?: boolean;
  /** The API's facility code, a UN/LOCODE: `USLAX` (Pier 400), `USNWK`, `USMOB`, `USMIA`. */
  facilityCode: string;
  /** Base address before `/import-availability`, e.g. `https://api.apmterminals.com`. */
  baseUrl: string;
  auth?: CarrierAuthConfig;
  /** IANA zone of the facility: its last free day is a date, midnight there. */
  timeZone: string;
  /** Currency of `demurrageOwed` (default USD). */
  currency?: string;
  /** Per HTTP request (default 10 000 ms). */
  timeoutMs?: number;
}

export type TerminalConfig = SandboxTerminalConfig | ApmtTerminalConfig;

export interface RailConfig extends SourceLimitsConfig {
  scac: string;
  kind: 'sandbox';
}

export interface SandboxConfig {
  /** Scenario days per real day: 1 plays in real time, 86 400 plays one scenario day per second. */
  clockCompression: number;
}

export interface AdapterRegistryConfig {
  carriers: CarrierConfig[];
  terminals: TerminalConfig[];
  rail: RailConfig[];
  sandbox: SandboxConfig;
}
