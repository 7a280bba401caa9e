/** One answer of the REST api: its status and parsed JSON body (undefined when empty). */
export interface ApiAnswer {
  status: number;
  body: unknown;
}

/**
 * How the MCP server reaches Quayside: every tool is a REST call made with the caller's own key,
 * so authentication, tenancy, plans, features and rate limits are exactly those of the REST api
 * (docs/mcp.md). The api answers in-process (inject); the stdio entry answers over HTTP.
 */
export interface QuaysideApi {
  request(method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown): Promise<ApiAnswer>;
}

/** A REST answer that is not a success, carried to the tool as a clear error. */
export class QuaysideApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'QuaysideApiError';
  }
}

/** The JSON:API error details of a failed answer, joined, with the status in front. */
export function describeFailure(answer: ApiAnswer): string {
  const errors = (answer.body as { errors?: { title?: string; detail?: string }[] } | undefined)?.errors;
  const details = Array.isArray(errors) ? errors.map((e) => e.detail ?? e.title ?? '').filter((d) => d !== '') : [];
  return `Quayside answered ${answer.status}${details.length > 0 ? `: ${details.join(' ')}` : '.'}`;
}

/** The body of a successful answer, or a QuaysideApiError naming what went wrong. */
export async function expectSuccess(api: QuaysideApi, method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown): Promise<unknown> {
  const answer = await api.request(method, path, body);
  if (answer.status >= 200 && answer.status < 300) return answer.body;
  throw new QuaysideApiError(answer.status, describeFailure(answer));
}
