import type { ApiAnswer, QuaysideApi } from '@quayside/mcp';

/** What of Fastify's instance is used: its `inject` (typed here, as Nest's adapter brings its own Fastify types). */
export interface Injector {
  inject(options: { method: string; url: string; headers: Record<string, string>; payload?: string }): Promise<{
    statusCode: number;
    headers: Record<string, string | string[] | number | undefined>;
    body: string;
  }>;
}

/**
 * The REST api answered in-process: each MCP tool call is one request through the whole
 * Fastify and Nest stack (authentication, tenancy, plans, rate limits, validation) with the
 * caller's own key, and no socket.
 */
export class InjectQuaysideApi implements QuaysideApi {
  constructor(
    private readonly fastify: Injector,
    private readonly apiKey: string,
    private readonly requestId: string,
  ) {}

  async request(method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown): Promise<ApiAnswer> {
    const response = await this.fastify.inject({
      method,
      url: path,
      headers: {
        authorization: `Token ${this.apiKey}`,
        // One id follows the MCP call through the REST requests it makes.
        'x-request-id': this.requestId,
        ...(body !== undefined ? { 'content-type': 'application/vnd.api+json' } : {}),
      },
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    });
    const isJson = String(response.headers['content-type'] ?? '').includes('json') && response.body !== '';
    return { status: response.statusCode, body: isJson ? (JSON.parse(response.body) as unknown) : undefined };
  }
}
