import type * as Undici from 'undici';
import type { Agent, Dispatcher } from 'undici';

let loaded: Promise<typeof Undici> | undefined;

/**
 * undici, loaded with the first request rather than at boot: the api loads every adapter module
 * (through this library's index) but most installations never call a carrier from it, and undici
 * held at rest is some 3.5 MB of an idle api's RSS (docs/architecture.md, "Memory").
 */
export function loadUndici(): Promise<typeof Undici> {
  loaded ??= import('undici');
  return loaded;
}

export interface HttpConnectionsOptions {
  /** Sent through as given and never closed here (tests, a pool shared by every carrier). */
  dispatcher?: Dispatcher;
  /** When no dispatcher is given: this client's own Agent, built with its first request. Without either, undici's global dispatcher. */
  agent?: Agent.Options;
}

export interface HttpRequest {
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  /** Bounds the answer's headers, its body and the whole exchange alike. */
  timeoutMs: number;
}

/**
 * Where an HTTP client's requests go: a dispatcher it was given, or its own connection pool,
 * built (with undici) on the first request so that constructing a client at boot costs nothing.
 */
export class HttpConnections {
  private own: Promise<Dispatcher> | null = null;
  private closed = false;

  constructor(private readonly options: HttpConnectionsOptions = {}) {}

  /** undici's `request`, through this client's dispatcher. */
  async request(url: URL | string, { method, headers, body, timeoutMs }: HttpRequest): Promise<Dispatcher.ResponseData> {
    const [{ request }, dispatcher] = await Promise.all([loadUndici(), this.dispatcher()]);
    // The timeouts start once undici is loaded: the first request after boot is not charged for the require.
    return request(url, {
      method,
      headers,
      ...(body === undefined ? {} : { body }),
      ...(dispatcher === undefined ? {} : { dispatcher }),
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      signal: AbortSignal.timeout(timeoutMs),
    });
  }

  /** Releases the pool this client owns (not a given dispatcher); a pool never built has nothing to release. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.own) await (await this.own).close();
  }

  private dispatcher(): Promise<Dispatcher | undefined> {
    const { dispatcher, agent } = this.options;
    if (dispatcher !== undefined || agent === undefined) return Promise.resolve(dispatcher);
    this.own ??= loadUndici().then(async ({ Agent }) => {
      const built = new Agent(agent);
      // Closed before its first request: built closed, so a request fails as it did on a closed pool.
      if (this.closed) await built.close();
      return built;
    });
    return this.own;
  }
}
