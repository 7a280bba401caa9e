/** A JSON:API answer: status, parsed body (null when empty) and headers. */
export interface ApiResponse {
  status: number;
  body: unknown;
  headers: Headers;
}

/**
 * The public HTTP API as a client calls it: `Authorization: Token <key>`, JSON:API bodies,
 * and on 429 a wait of `Retry-After` seconds (polling loops stay inside the rate limit).
 */
export class ApiClient {
  constructor(
    private readonly baseUrl: string,
    private readonly apiKey: string,
  ) {}

  async request(method: string, path: string, body?: unknown): Promise<ApiResponse> {
    for (let attempt = 0; ; attempt += 1) {
      const response = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers: {
          Authorization: `Token ${this.apiKey}`,
          Accept: 'application/vnd.api+json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/vnd.api+json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      if (response.status === 429 && attempt < 3) {
        await new Promise((resolve) => setTimeout(resolve, Number(response.headers.get('retry-after') ?? '1') * 1000));
        continue;
      }
      return { status: response.status, body: text === '' ? null : (JSON.parse(text) as unknown), headers: response.headers };
    }
  }

  /** The request must answer `expected`; the body is returned as the caller's type. */
  async expect<T>(expected: number, method: string, path: string, body?: unknown): Promise<T> {
    const response = await this.request(method, path, body);
    if (response.status !== expected) throw new Error(`${method} ${path}: expected ${expected}, got ${response.status}: ${JSON.stringify(response.body)}`);
    return response.body as T;
  }
}
