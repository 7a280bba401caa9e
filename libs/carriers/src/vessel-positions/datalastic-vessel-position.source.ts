import type { Dispatcher } from 'undici';
import { HttpConnections } from '../http/http-connections';
import type { VesselPosition, VesselPositionQuery, VesselPositionSource } from './vessel-position-source.port';

export interface DatalasticConfig {
  /** `https://api.datalastic.com` in production; the tests point it at a local server. */
  baseUrl: string;
  /** Sent as the `api-key` query parameter, as the provider documents. */
  apiKey: string;
  timeoutMs?: number;
}

export interface DatalasticDependencies {
  dispatcher?: Dispatcher;
  /** Told why an answer could not be used (the source then answers no positions). */
  onFailure?: (detail: string) => void;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const MAX_BODY_CHARS = 5_000_000;
/** AIS "not available" values: heading 511, speed over ground 102.3 knots. */
const HEADING_UNAVAILABLE = 511;
const SPEED_UNAVAILABLE = 102.3;

const isFiniteNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const day = (date: Date): string => date.toISOString().slice(0, 10);

/** One entry of `data.positions`; null when it lacks a place or a time. */
function positionOf(entry: unknown): VesselPosition | null {
  if (typeof entry !== 'object' || entry === null) return null;
  const p = entry as Record<string, unknown>;
  const { lat, lon } = p;
  if (!isFiniteNumber(lat) || !isFiniteNumber(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180) return null;
  const utc = typeof p['last_position_UTC'] === 'string' ? Date.parse(p['last_position_UTC']) : Number.NaN;
  const epoch = p['last_position_epoch'];
  const millis = Number.isFinite(utc) ? utc : isFiniteNumber(epoch) ? epoch * 1000 : Number.NaN;
  if (!Number.isFinite(millis)) return null;
  const heading = p['heading'];
  const speed = p['speed'];
  return {
    latitude: lat,
    longitude: lon,
    heading: isFiniteNumber(heading) && heading >= 0 && heading < 360 && heading !== HEADING_UNAVAILABLE ? heading : null,
    speedKnots: isFiniteNumber(speed) && speed >= 0 && speed < SPEED_UNAVAILABLE ? speed : null,
    timestamp: new Date(millis),
  };
}

/**
 * Vessel positions from Datalastic's AIS API (docs/vessels-and-maps.md): its documented
 * historical positions endpoint, `GET /api/v0/vessel_history?api-key=…&imo=…&from=YYYY-MM-DD&to=YYYY-MM-DD`,
 * answering `{data: {imo, name, positions: [{lat, lon, speed, course, heading, last_position_UTC, …}]}, meta: {success}}`
 * newest first. It answers for any vessel by IMO, needs no voyage leg, and gives positions as
 * reported, never computed. An answer that cannot be used (provider down, refused key, a vessel
 * it does not know) is no positions, told to `onFailure`: a map without a vessel, never a 500.
 */
export class DatalasticVesselPositionSource implements VesselPositionSource {
  readonly name = 'datalastic';
  private readonly url: URL;
  private readonly timeoutMs: number;
  private readonly connections: HttpConnections;

  constructor(
    private readonly config: DatalasticConfig,
    private readonly dependencies: DatalasticDependencies = {},
  ) {
    const base = new URL(config.baseUrl);
    if (base.protocol !== 'https:' && base.protocol !== 'http:') throw new Error('datalastic: baseUrl must be http(s)');
    if (config.apiKey.trim() === '') throw new Error('datalastic: an API key is required');
    this.url = new URL('api/v0/vessel_history', base.href.endsWith('/') ? base.href : `${base.href}/`);
    this.timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.connections = new HttpConnections({ dispatcher: dependencies.dispatcher, agent: { connections: 4, keepAliveTimeout: 10_000 } });
  }

  /** Every vessel with an IMO number (seven digits). */
  covers(imo: string): boolean {
    return /^\d{7}$/.test(imo);
  }

  async positions(query: VesselPositionQuery): Promise<VesselPosition[]> {
    if (!this.covers(query.imo) || query.to < query.from) return [];
    const url = new URL(this.url);
    url.searchParams.set('api-key', this.config.apiKey);
    url.searchParams.set('imo', query.imo);
    // The endpoint takes whole days; the window is cut to the instant below.
    url.searchParams.set('from', day(query.from));
    url.searchParams.set('to', day(query.to));
    const body = await this.fetch(url, query.imo);
    if (body === null) return [];
    const data = (body as { data?: unknown }).data;
    const entries = typeof data === 'object' && data !== null ? (data as { positions?: unknown }).positions : undefined;
    if (!Array.isArray(entries)) {
      this.report(`vessel ${query.imo}: answer without data.positions`);
      return [];
    }
    const from = query.from.getTime();
    const to = query.to.getTime();
    return entries
      .map(positionOf)
      .filter((p): p is VesselPosition => p !== null && p.timestamp.getTime() >= from && p.timestamp.getTime() <= to)
      .sort((a, b) => a.timestamp.getTime() - b.timestamp.getTime());
  }

  async close(): Promise<void> {
    await this.connections.close();
  }

  private async fetch(url: URL, imo: string): Promise<unknown> {
    let status: number;
    let text: string;
    try {
      const response = await this.connections.request(url, {
        method: 'GET',
        headers: { accept: 'application/json' },
        timeoutMs: this.timeoutMs,
      });
      status = response.statusCode;
      text = await response.body.text();
    } catch (error) {
      const code =
        typeof error === 'object' && error !== null
          ? String((error as { code?: unknown; name?: unknown }).code ?? (error as { name?: unknown }).name)
          : String(error);
      return this.report(`vessel ${imo}: unreachable (${code})`);
    }
    // Never echo the URL: it carries the key.
    if (status !== 200) return this.report(`vessel ${imo}: answered ${status}`);
    if (text.length > MAX_BODY_CHARS) return this.report(`vessel ${imo}: answer too large`);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return this.report(`vessel ${imo}: answer is not JSON`);
    }
    const meta = typeof json === 'object' && json !== null ? (json as { meta?: { success?: unknown } }).meta : undefined;
    if (meta?.success === false) return this.report(`vessel ${imo}: the provider reports no success`);
    return json;
  }

  /** Tells `onFailure` why an answer is not used; null stands for it. */
  private report(detail: string): null {
    this.dependencies.onFailure?.(detail);
    return null;
  }
}
