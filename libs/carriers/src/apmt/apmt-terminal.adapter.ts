import type { Dispatcher } from 'undici';
import { OAuth2TokenError } from '../dcsa/oauth2-token.error';
import { OAuth2TokenProvider } from '../dcsa/oauth2-token.provider';
import { headerValue } from '../http/header-value';
import { HttpConnections } from '../http/http-connections';
import type { ApmtTerminalConfig } from '../ports/adapter-config';
import type { TerminalAdapter, TerminalContainerStatus, TerminalLookupQuery, TerminalLookupResult } from '../ports/terminal-adapter.port';
import type { TransientFailure } from '../ports/transient-failure';
import { transientFailure } from '../ports/transient-failure';
import { SourceBackoffError } from '../quota/source-backoff.error';
import type { SourceGate } from '../quota/source-gate';
import { pauseOnRefusal } from '../quota/source-refusal';
import { parseApmtImportAvailability } from './apmt-import-availability.parser';

export interface ApmtAdapterDependencies {
  dispatcher?: Dispatcher;
  /** Epoch milliseconds, for OAuth2 token expiry. */
  clock?: () => number;
  /**
   * The terminal's limits, for every worker together (docs/carriers.md, "Limits"): each HTTP
   * request to it waits here, and a 429 pauses the terminal. Without it, requests are not limited.
   */
  gate?: SourceGate;
}

const DEFAULT_TIMEOUT_MS = 10_000;
/** Numbers per call: our choice (the published parameter description names no maximum), so one URL stays short. */
const BATCH = 50;
const MAX_BODY_CHARS = 5_000_000;

/**
 * EXPERIMENTAL. APM Terminals' Import Availability API (docs/terminal-data.md): `GET /import-availability?assetId=…&facilityCode=…`
 * for one facility (e.g. `USLAX`, Pier 400), OAuth2 client credentials or an API key. Hands over
 * availability, holds, demurrage owed, last free day, appointment and yard location as the
 * terminal words them; the domain normalizes them. The path, parameters, servers and statuses are
 * those of APM's published OpenAPI ("APMT Track and Trace - Import Availability" 1.0.1); the names
 * of the answer's fields could not be read from it, so they are unverified and the adapter runs
 * only with `experimental: true` (docs/carriers.md, "Published contracts").
 */
export class ApmtTerminalAdapter implements TerminalAdapter {
  private readonly url: URL;
  private readonly timeoutMs: number;
  private readonly connections: HttpConnections;
  private readonly tokens: OAuth2TokenProvider | null;

  private readonly gate: SourceGate | undefined;

  constructor(
    private readonly config: ApmtTerminalConfig,
    dependencies: ApmtAdapterDependencies = {},
  ) {
    this.gate = dependencies.gate;
    const base = new URL(config.baseUrl);
    if (base.protocol !== 'https:' && base.protocol !== 'http:') throw new Error(`terminal ${config.firmsCode}: baseUrl must be http(s)`);
    if (!/^[A-Z]{5}$/.test(config.facilityCode))
      throw new Error(`terminal ${config.firmsCode}: facilityCode must be a UN/LOCODE such as USLAX`);
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: config.timeZone });
    } catch {
      throw new Error(`terminal ${config.firmsCode}: timeZone ${config.timeZone} is not an IANA zone`);
    }
    this.url = new URL('import-availability', base.href.endsWith('/') ? base.href : `${base.href}/`);
    this.timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.connections = new HttpConnections({ dispatcher: dependencies.dispatcher, agent: { connections: 2, keepAliveTimeout: 10_000 } });
    this.tokens =
      config.auth?.type === 'oauth2'
        ? new OAuth2TokenProvider(config.auth, { timeoutMs: this.timeoutMs, connections: this.connections, clock: dependencies.clock })
        : null;
  }

  async lookup(query: TerminalLookupQuery): Promise<TerminalLookupResult> {
    const numbers = [...new Set(query.containerNumbers.map((n) => n.trim().toUpperCase()).filter((n) => /^[A-Z]{4}\d{7}$/.test(n)))];
    const asked = new Set(numbers);
    const containers: TerminalContainerStatus[] = [];
    try {
      for (let start = 0; start < numbers.length; start += BATCH) {
        const batch = await this.fetchBatch(numbers.slice(start, start + BATCH), query.now);
        if (!Array.isArray(batch)) return batch;
        // Only what we asked about: the API also matches bills of lading.
        containers.push(...batch.filter((c) => asked.has(c.containerNumber)));
      }
    } catch (error) {
      // The terminal asked to be left alone (or its quota is spent): the caller skips it this time.
      if (error instanceof SourceBackoffError) throw error;
      return transientFailure(
        'internal_processing_error',
        `terminal ${this.config.firmsCode}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    return { outcome: 'found', containers };
  }

  async close(): Promise<void> {
    await this.connections.close();
  }

  private async fetchBatch(numbers: string[], now: Date, retriedAuth = false): Promise<TerminalContainerStatus[] | TransientFailure> {
    const firms = this.config.firmsCode;
    const url = new URL(this.url);
    url.searchParams.set('assetId', numbers.join(','));
    url.searchParams.set('facilityCode', this.config.facilityCode);
    const headers: Record<string, string> = { accept: 'application/json' };
    const auth = this.config.auth;
    if (auth?.type === 'api_key') headers[auth.header.toLowerCase()] = auth.key;
    try {
      if (this.tokens) headers.authorization = `Bearer ${await this.tokens.token()}`;
    } catch (error) {
      if (error instanceof OAuth2TokenError)
        return error.unreachable
          ? transientFailure('shipping_line_unreachable', `terminal ${firms}: ${error.message}`)
          : transientFailure('internal_processing_error', `terminal ${firms}: ${error.message}`, 'auth_refused');
      throw error;
    }
    let status: number;
    let retryAfter: string | null;
    let body: string;
    try {
      ({ status, retryAfter, body } = await this.limited(async () => {
        const response = await this.connections.request(url, { method: 'GET', headers, timeoutMs: this.timeoutMs });
        return { status: response.statusCode, retryAfter: headerValue(response.headers['retry-after']), body: await response.body.text() };
      }));
    } catch (error) {
      if (error instanceof SourceBackoffError) throw error;
      const code =
        typeof error === 'object' && error !== null
          ? String((error as { code?: unknown; name?: unknown }).code ?? (error as { name?: unknown }).name)
          : String(error);
      return transientFailure('shipping_line_unreachable', `terminal ${firms}: unreachable (${code})`);
    }
    if (status === 401 && this.tokens && !retriedAuth) {
      this.tokens.invalidate();
      return this.fetchBatch(numbers, now, true);
    }
    // The facility answers 404 when it knows none of the numbers: asked, nothing to report.
    if (status === 404 && /not\s*found|no\s*data|no\s*record/i.test(body)) return [];
    if (status === 401 || status === 403)
      return transientFailure('internal_processing_error', `terminal ${firms}: credentials refused (${status})`, 'auth_refused');
    // Too many requests, or unavailable for a time it names: every worker leaves the terminal alone that long.
    const backoff = await pauseOnRefusal(this.gate, status, retryAfter);
    if (backoff) throw backoff;
    if (status === 429) return transientFailure('shipping_line_unreachable', `terminal ${firms}: answered ${status}`, 'quota');
    if (status >= 500) return transientFailure('shipping_line_unreachable', `terminal ${firms}: answered ${status}`);
    if (status !== 200)
      return transientFailure('unrecognized_response', `terminal ${firms}: unexpected status ${status}: ${body.slice(0, 200)}`);
    if (body.length > MAX_BODY_CHARS) return transientFailure('unrecognized_response', `terminal ${firms}: response too large`);
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      return transientFailure('unrecognized_response', `terminal ${firms}: response is not JSON`);
    }
    const parsed = parseApmtImportAvailability(json, {
      timeZone: this.config.timeZone,
      currency: this.config.currency ?? 'USD',
      checkedAt: now.toISOString(),
    });
    if (!parsed.ok) return transientFailure('unrecognized_response', `terminal ${firms}: ${parsed.problem}`);
    return parsed.containers;
  }

  /** One HTTP request under the terminal's limits (when the registry gave it a gate). */
  private limited<T>(request: () => Promise<T>): Promise<T> {
    return this.gate ? this.gate.run(request) : request();
  }
}
