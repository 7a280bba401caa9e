import { JSON_API_MEDIA_TYPE } from '../model/json-api-document';

/** A JSON:API answer: status, parsed body (null when empty) and headers. */
export interface JsonApiResponse {
  status: number;
  body: unknown;
  headers: Headers;
}

export interface JsonApiClientOptions {
  /** How many times a 429 is waited out (for `Retry-After` seconds) before it is returned. */
  rateLimitedRetries?: number;
  /** Per request; a request still unanswered by then fails. */
  timeoutMs?: number;
}

/**
 * Quayside's public API as any client calls it: `Authorization: Token <key>`, JSON:API bodies,
 * and on 429 a wait of `Retry-After` seconds, so polling loops stay inside the rate limit. The
 * one client of the repository's own tools: the demo and the end-to-end tests.
 */
export class JsonApiClient {
  private readonly base: string;
  private readonly rateLimitedRetries: number;
  private readonly timeoutMs: number;

  /** `baseUrl` with or without the trailing `/v2`; paths are given below it (`/containers`). */
  constructor(
    baseUrl: string,
    private readonly apiKey: string,
    options: JsonApiClientOptions = {},
  ) {
    this.base = `${baseUrl.replace(/\/+$/, '').replace(/\/v2$/, '')}/v2`;
    this.rateLimitedRetries = options.rateLimitedRetries ?? 3;
    this.timeoutMs = options.timeoutMs ?? 15_000;
  }

  get apiBase(): string {
    return this.base;
  }

  async request(method: string, path: string, body?: unknown): Promise<JsonApiResponse> {
    for (let attempt = 0; ; attempt += 1) {
      const response = await fetch(`${this.base}${path}`, {
        method,
        headers: {
          Authorization: `Token ${this.apiKey}`,
          Accept: JSON_API_MEDIA_TYPE,
          ...(body === undefined ? {} : { 'Content-Type': JSON_API_MEDIA_TYPE }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      const text = await response.text();
      if (response.status === 429 && attempt < this.rateLimitedRetries) {
        const seconds = Number(response.headers.get('retry-after') ?? '1');
        await new Promise((resolve) => setTimeout(resolve, Math.max(1, Number.isFinite(seconds) ? seconds : 1) * 1000));
        continue;
      }
      return { status: response.status, body: text === '' ? null : (JSON.parse(text) as unknown), headers: response.headers };
    }
  }

  /** The request must answer `expected`; the body is returned as the caller's type. */
  async expect<T>(expected: number, method: string, path: string, body?: unknown): Promise<T> {
    const response = await this.request(method, path, body);
    if (response.status !== expected)
      throw new Error(`${method} /v2${path}: expected ${expected}, got ${response.status}: ${JSON.stringify(response.body)}`);
    return response.body as T;
  }
}
