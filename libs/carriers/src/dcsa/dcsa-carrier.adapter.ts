import type { Dispatcher } from 'undici';
import { HttpConnections } from '../http/http-connections';
import { headerValue } from '../http/header-value';
import type { DcsaCarrierConfig } from '../ports/adapter-config';
import type { CarrierAdapter, CarrierTrackQuery, CarrierTrackResult, HeldTrackResult } from '../ports/carrier-adapter.port';
import type { TimeZoneLookup } from '../ports/time-zone-lookup';
import type { TransientFailure } from '../ports/transient-failure';
import { transientFailure } from '../ports/transient-failure';
import { SourceBackoffError } from '../quota/source-backoff.error';
import type { SourceGate } from '../quota/source-gate';
import { pauseOnRefusal } from '../quota/source-refusal';
import { resolveTimeZones } from '../time-zones/time-zone-resolver';
import { locodesOf, mapDcsaEvents } from './dcsa-event.mapper';
import type { DcsaProtocol } from './dcsa-protocol';
import { dcsaProtocol } from './dcsa-protocol';
import { OAuth2TokenError } from './oauth2-token.error';
import { OAuth2TokenProvider } from './oauth2-token.provider';

export interface DcsaAdapterDependencies {
  /** UN/LOCODE → IANA zone (the ports table); the built-in table fills the gaps. */
  timeZoneOf?: TimeZoneLookup;
  /** HTTP connection pool; by default the adapter owns one sized to the carrier's concurrency. */
  dispatcher?: Dispatcher;
  /** Epoch milliseconds, for OAuth2 token expiry. */
  clock?: () => number;
  /**
   * The 3.0 events the carrier pushed naming `number` (docs/dcsa.md, "Carriers that push"), in
   * order of arrival; read beside the polled ones, so a pushed event makes the same milestones.
   */
  pushedEvents?: PushedDcsaEvents;
  /**
   * Where a 3.0 carrier's last `GET /events` answer for each number is kept (docs/dcsa.md, "Carriers
   * that push"): written after every answer, read by `trackHeld` to apply a push without asking again.
   */
  polledAnswers?: PolledDcsaAnswers;
  /**
   * The carrier's limits, for every worker together (docs/carriers.md, "Limits"): each HTTP
   * request to it waits here, and a 429 pauses the carrier. Without it, requests are not limited.
   */
  gate?: SourceGate;
}

/** The events pushed through carrier connection `scac` that name `number` (a document or container). */
export type PushedDcsaEvents = (scac: string, number: string) => Promise<unknown[]>;

/** The last answer of carrier connection `scac` to `GET /events?{parameter}={number}`: its events as listed, and when it was asked. */
export interface PolledDcsaAnswers {
  /** `events` null: the carrier no longer knows the number (404), and what was kept goes. An older answer never replaces a newer one. */
  remember(scac: string, parameter: string, number: string, events: unknown[] | null, fetchedAt: Date): Promise<void>;
  last(scac: string, parameter: string, number: string): Promise<{ events: unknown[]; fetchedAt: Date } | null>;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const PAGE_LIMIT = 100;
/** A shipment has tens of events; hundreds of pages mean a server that loops. */
const MAX_PAGES = 50;
const MAX_BODY_CHARS = 20_000_000;

type InvalidNumber = Extract<CarrierTrackResult, { outcome: 'invalid_number' }>;
type Page = { kind: 'events'; body: unknown; next: string | null } | { kind: 'not_found' };

/**
 * A carrier that publishes DCSA Track & Trace 2.2 or 3.0 (`version` in its configuration): polls
 * `GET /v2/events` (2.2) or `GET /events` (3.0) for one document or container, follows `Next-Page`
 * or `Next-Page-Cursor`, validates every event and maps them to milestones.
 */
export class DcsaCarrierAdapter implements CarrierAdapter {
  private readonly timeoutMs: number;
  private readonly connections: HttpConnections;
  private readonly eventsUrl: URL;
  private readonly tokens: OAuth2TokenProvider | null;
  private readonly protocol: DcsaProtocol;

  constructor(
    private readonly config: DcsaCarrierConfig,
    private readonly dependencies: DcsaAdapterDependencies = {},
  ) {
    this.timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    if (config.version !== undefined && config.version !== '2.2' && config.version !== '3.0') {
      throw new Error(`carrier ${config.scac}: version must be "2.2" or "3.0"`);
    }
    this.protocol = dcsaProtocol(config.version);
    const base = new URL(config.baseUrl);
    if (base.protocol !== 'https:' && base.protocol !== 'http:') throw new Error(`carrier ${config.scac}: baseUrl must be http(s)`);
    this.eventsUrl = new URL(this.protocol.path, base.href.endsWith('/') ? base.href : `${base.href}/`);
    this.connections = new HttpConnections({
      dispatcher: dependencies.dispatcher,
      agent: { connections: config.maxConcurrency ?? 4, keepAliveTimeout: 10_000 },
    });
    this.tokens =
      config.auth?.type === 'oauth2'
        ? new OAuth2TokenProvider(config.auth, { timeoutMs: this.timeoutMs, connections: this.connections, clock: dependencies.clock })
        : null;
  }

  async track(query: CarrierTrackQuery): Promise<CarrierTrackResult> {
    const filter = this.protocol.filters[query.kind];
    const number = query.number.trim();
    if (number === '' || number.length > filter.maxLength || /[\s\p{Cc}]/u.test(number)) {
      return { outcome: 'invalid_number', detail: `${filter.parameter} must be 1-${filter.maxLength} characters without spaces` };
    }
    try {
      const first = new URL(this.eventsUrl);
      first.searchParams.set(filter.parameter, number);
      first.searchParams.set('limit', String(PAGE_LIMIT));
      const fetchedAt = new Date();
      const polled = await this.collectPages(first);
      await this.remember(filter.parameter, number, polled, fetchedAt);
      return await this.answer(this.withPushed(polled, await this.pushed(number)), query);
    } catch (error) {
      // The carrier asked to be left alone (or its quota is spent): the job waits, no attempt is spent.
      if (error instanceof SourceBackoffError) throw error;
      return transientFailure(
        'internal_processing_error',
        `carrier ${this.config.scac}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  /**
   * What `track` would answer if the carrier listed again what it last listed for the number:
   * the kept answer with every pushed version resolved over it, parsed and mapped the same way.
   * No request; null when no answer is kept (a number never asked, or one the carrier last did not know).
   */
  async trackHeld(query: CarrierTrackQuery): Promise<HeldTrackResult | null> {
    const answers = this.dependencies.polledAnswers;
    const filter = this.protocol.filters[query.kind];
    const number = query.number.trim();
    if (this.protocol.version !== '3.0' || !answers || number === '' || number.length > filter.maxLength) return null;
    const kept = await answers.last(this.config.scac, filter.parameter, number);
    if (kept === null) return null;
    return { result: await this.answer(this.withPushed(kept.events, await this.pushed(number)), query), fetchedAt: kept.fetchedAt };
  }

  private async answer(
    collected: unknown[] | 'not_found' | TransientFailure | InvalidNumber,
    query: CarrierTrackQuery,
  ): Promise<CarrierTrackResult> {
    if (collected === 'not_found') return query.kind === 'container' ? { outcome: 'not_found' } : { outcome: 'not_manifested' };
    if (!Array.isArray(collected)) return collected;
    const parsed = this.protocol.parse(collected, query.now);
    if (!parsed.ok) return transientFailure('unrecognized_response', `carrier ${this.config.scac}: ${parsed.problem}`);
    const zones = await resolveTimeZones(locodesOf(parsed.events), this.dependencies.timeZoneOf);
    return mapDcsaEvents(parsed.events, query, { zones });
  }

  /** Keeps a 3.0 answer (or forgets the number the carrier no longer knows); a failed request changes nothing kept. */
  private async remember(
    parameter: string,
    number: string,
    polled: unknown[] | 'not_found' | TransientFailure | InvalidNumber,
    fetchedAt: Date,
  ): Promise<void> {
    const answers = this.dependencies.polledAnswers;
    if (this.protocol.version !== '3.0' || !answers) return;
    if (Array.isArray(polled) || polled === 'not_found')
      await answers.remember(this.config.scac, parameter, number, Array.isArray(polled) ? polled : null, fetchedAt);
  }

  private async pushed(number: string): Promise<unknown[]> {
    if (this.protocol.version !== '3.0' || !this.dependencies.pushedEvents) return [];
    return this.dependencies.pushedEvents(this.config.scac, number.toUpperCase());
  }

  /**
   * The polled events, then the pushed versions the poll did not list (same `eventID` and
   * `eventUpdatedDateTime`): the parser resolves versions and retractions across both. When the
   * poll fails or finds nothing, the pushed events alone answer, so a carrier that pushes is
   * followed even when its `GET /events` is down; polling is the fallback and the reconciliation.
   */
  private withPushed(
    polled: unknown[] | 'not_found' | TransientFailure | InvalidNumber,
    pushed: unknown[],
  ): unknown[] | 'not_found' | TransientFailure | InvalidNumber {
    if (pushed.length === 0) return polled;
    if (!Array.isArray(polled)) return pushed;
    const versionOf = (event: unknown): string => {
      const fields = typeof event === 'object' && event !== null ? (event as Record<string, unknown>) : {};
      return JSON.stringify([fields['eventID'] ?? null, fields['eventUpdatedDateTime'] ?? null]);
    };
    const listed = new Set(polled.map(versionOf));
    return [...polled, ...pushed.filter((event) => !listed.has(versionOf(event)))];
  }

  /** Releases the connection pool the adapter owns. */
  async close(): Promise<void> {
    await this.connections.close();
  }

  private async collectPages(first: URL): Promise<unknown[] | 'not_found' | TransientFailure | InvalidNumber> {
    const events: unknown[] = [];
    const visited = new Set<string>();
    let url: URL | null = first;
    for (let page = 0; url !== null; page += 1) {
      if (page >= MAX_PAGES || visited.has(url.href)) {
        return transientFailure('unrecognized_response', `carrier ${this.config.scac}: pagination does not end`);
      }
      visited.add(url.href);
      const result = await this.fetchPage(url);
      if ('outcome' in result) return result;
      if (result.kind === 'not_found') {
        return page === 0
          ? 'not_found'
          : transientFailure('unrecognized_response', `carrier ${this.config.scac}: page ${page + 1} is gone`);
      }
      const pageEvents = this.protocol.eventsOf(result.body);
      if (pageEvents === null) {
        return transientFailure(
          'unrecognized_response',
          `carrier ${this.config.scac}: a page is not ${this.protocol.version === '3.0' ? 'an object with an events array' : 'an array of events'}`,
        );
      }
      events.push(...pageEvents);
      url = result.next === null ? null : this.nextUrl(result.next, first);
      if (result.next !== null && url === null) {
        return transientFailure('unrecognized_response', `carrier ${this.config.scac}: Next-Page points to another server`);
      }
    }
    return events;
  }

  /**
   * `Next-Page` (2.2) is a link (absolute or relative) or a bare cursor; credentials never leave
   * the carrier's origin. `Next-Page-Cursor` (3.0) is a cursor, sent with the first page's parameters.
   */
  private nextUrl(next: string, first: URL): URL | null {
    if (!this.protocol.nextIsCursorOnly && (/^https?:\/\//i.test(next) || next.startsWith('/'))) {
      const url = new URL(next, first);
      return url.origin === first.origin ? url : null;
    }
    const url = new URL(first);
    url.searchParams.set('cursor', next);
    return url;
  }

  private async fetchPage(url: URL, retriedAuth = false): Promise<Page | TransientFailure | InvalidNumber> {
    const scac = this.config.scac;
    let headers: Record<string, string>;
    try {
      headers = await this.requestHeaders();
    } catch (error) {
      if (error instanceof OAuth2TokenError) {
        return error.unreachable
          ? transientFailure('shipping_line_unreachable', `carrier ${scac}: ${error.message}`)
          : transientFailure('internal_processing_error', `carrier ${scac}: ${error.message}`, 'auth_refused');
      }
      throw error;
    }

    let statusCode: number;
    let responseHeaders: Record<string, string | string[] | undefined>;
    let text: string;
    try {
      ({ statusCode, responseHeaders, text } = await this.limited(async () => {
        const response = await this.connections.request(url, { method: 'GET', headers, timeoutMs: this.timeoutMs });
        return { statusCode: response.statusCode, responseHeaders: response.headers, text: await response.body.text() };
      }));
    } catch (error) {
      if (error instanceof SourceBackoffError) throw error;
      return transientFailure('shipping_line_unreachable', `carrier ${scac}: ${describeNetworkError(error, this.timeoutMs)}`);
    }

    if (statusCode === 401 && this.tokens && !retriedAuth) {
      this.tokens.invalidate();
      return this.fetchPage(url, true);
    }
    if (statusCode === 404) return { kind: 'not_found' };
    // The number passed our format check, so a 400 is the carrier saying it is not one of theirs.
    if (statusCode === 400)
      return { outcome: 'invalid_number', detail: `carrier ${scac} refused the number (400): ${this.carrierWords(text)}` };
    if (statusCode === 401 || statusCode === 403)
      return transientFailure('internal_processing_error', `carrier ${scac}: credentials refused (${statusCode})`, 'auth_refused');
    const retryAfter = headerValue(responseHeaders['retry-after']);
    // Too many requests, or unavailable for a time it names: every worker leaves the carrier alone that long.
    const backoff = await pauseOnRefusal(this.dependencies.gate, statusCode, retryAfter);
    if (backoff) throw backoff;
    if (statusCode === 429 || statusCode >= 500) {
      return transientFailure(
        'shipping_line_unreachable',
        `carrier ${scac}: answered ${statusCode}${retryAfter ? `, retry after ${retryAfter}` : ''}`,
        statusCode === 429 ? 'quota' : 'unreachable',
      );
    }
    if (statusCode !== 200) return transientFailure('unrecognized_response', `carrier ${scac}: unexpected status ${statusCode}`);
    if (text.length > MAX_BODY_CHARS) return transientFailure('unrecognized_response', `carrier ${scac}: response too large`);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return transientFailure('unrecognized_response', `carrier ${scac}: response is not JSON`);
    }
    const answeredVersion = headerValue(responseHeaders['api-version']);
    if (answeredVersion !== null && answeredVersion.split('.')[0] !== this.protocol.apiVersion.split('.')[0]) {
      return transientFailure(
        'unrecognized_response',
        `carrier ${scac}: answered API-Version ${answeredVersion.slice(0, 20)}, asked ${this.protocol.apiVersion}`,
      );
    }
    return { kind: 'events', body, next: headerValue(responseHeaders[this.protocol.nextPageHeader]) };
  }

  /** One HTTP request under the carrier's limits (when the registry gave it a gate). */
  private limited<T>(request: () => Promise<T>): Promise<T> {
    return this.dependencies.gate ? this.dependencies.gate.run(request) : request();
  }

  private carrierWords(text: string): string {
    try {
      return (this.protocol.errorMessage(JSON.parse(text)) ?? text).slice(0, 200);
    } catch {
      return text.slice(0, 200);
    }
  }

  private async requestHeaders(): Promise<Record<string, string>> {
    const headers: Record<string, string> = { accept: 'application/json', 'api-version': this.protocol.apiVersion };
    const auth = this.config.auth;
    if (auth?.type === 'api_key') headers[auth.header.toLowerCase()] = auth.key;
    if (this.tokens) headers.authorization = `Bearer ${await this.tokens.token()}`;
    return headers;
  }
}

function describeNetworkError(error: unknown, timeoutMs: number): string {
  // Abort reasons are DOMExceptions, which are not `instanceof Error` in every realm: read fields.
  const fields = typeof error === 'object' && error !== null ? (error as { name?: unknown; code?: unknown; message?: unknown }) : {};
  const timedOut =
    fields.name === 'TimeoutError' ||
    fields.name === 'AbortError' ||
    fields.code === 'UND_ERR_HEADERS_TIMEOUT' ||
    fields.code === 'UND_ERR_BODY_TIMEOUT';
  if (timedOut) return `no answer within ${timeoutMs} ms`;
  const what = typeof fields.code === 'string' ? fields.code : typeof fields.message === 'string' ? fields.message : String(error);
  return `unreachable (${what})`;
}
