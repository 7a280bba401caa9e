import { HttpConnections } from '../http/http-connections';
import { OAuth2TokenError } from './oauth2-token.error';

export interface OAuth2ClientCredentials {
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  scope?: string;
  clientAuthentication?: 'basic' | 'body';
}

export interface OAuth2TokenProviderOptions {
  timeoutMs: number;
  /** Where the token request goes: the adapter's own pool; by default undici's global dispatcher. */
  connections?: HttpConnections;
  /** Epoch milliseconds; injectable so tests can move past expiry without waiting. */
  clock?: () => number;
}

/** Used when the server gives no `expires_in` (RFC 6749 makes it only RECOMMENDED). */
const DEFAULT_LIFETIME_S = 300;
/** Refresh this long before expiry so a token does not lapse in flight. */
const MAX_EARLY_REFRESH_MS = 30_000;

interface CachedToken {
  value: string;
  refreshAt: number;
}

/**
 * OAuth2 client-credentials grant (RFC 6749 4.4) with a cached token: one token request per
 * lifetime however many calls run at once, and a fresh one after the API rejects the old one.
 */
export class OAuth2TokenProvider {
  private cached: CachedToken | null = null;
  private inFlight: Promise<string> | null = null;
  private readonly clock: () => number;
  private readonly connections: HttpConnections;

  constructor(
    private readonly credentials: OAuth2ClientCredentials,
    private readonly options: OAuth2TokenProviderOptions,
  ) {
    this.clock = options.clock ?? Date.now;
    this.connections = options.connections ?? new HttpConnections();
  }

  async token(): Promise<string> {
    if (this.cached && this.clock() < this.cached.refreshAt) return this.cached.value;
    this.inFlight ??= this.fetchToken().finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  /** Forget the token, e.g. after the API answered 401 with it. */
  invalidate(): void {
    this.cached = null;
  }

  private async fetchToken(): Promise<string> {
    const { tokenUrl, clientId, clientSecret, scope } = this.credentials;
    const form = new URLSearchParams({ grant_type: 'client_credentials' });
    if (scope) form.set('scope', scope);
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' };
    if ((this.credentials.clientAuthentication ?? 'basic') === 'basic') {
      // RFC 6749 2.3.1: client id and secret are form-encoded before the Basic encoding.
      const pair = `${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`;
      headers.authorization = `Basic ${Buffer.from(pair).toString('base64')}`;
    } else {
      form.set('client_id', clientId);
      form.set('client_secret', clientSecret);
    }

    let statusCode: number;
    let text: string;
    try {
      const response = await this.connections.request(tokenUrl, {
        method: 'POST',
        headers,
        body: form.toString(),
        timeoutMs: this.options.timeoutMs,
      });
      statusCode = response.statusCode;
      text = await response.body.text();
    } catch (error) {
      throw new OAuth2TokenError(`token endpoint unreachable: ${error instanceof Error ? error.message : String(error)}`, true);
    }
    if (statusCode >= 500) throw new OAuth2TokenError(`token endpoint answered ${statusCode}`, true);
    if (statusCode !== 200) throw new OAuth2TokenError(`token request refused with ${statusCode}`, false);

    const body = parseJson(text);
    const accessToken = body?.['access_token'];
    const expiresIn = body?.['expires_in'];
    if (typeof accessToken !== 'string' || accessToken === '') throw new OAuth2TokenError('token response has no access_token', false);
    const lifetimeMs = (typeof expiresIn === 'number' && expiresIn > 0 ? expiresIn : DEFAULT_LIFETIME_S) * 1000;
    const early = Math.min(MAX_EARLY_REFRESH_MS, lifetimeMs / 10);
    this.cached = { value: accessToken, refreshAt: this.clock() + lifetimeMs - early };
    return accessToken;
  }
}

function parseJson(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
