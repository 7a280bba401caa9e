type Json = Record<string, unknown>;

function record(value: unknown): Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
}

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/** A non-2xx answer, with the JSON:API error titles and details in the message. */
export class QuaysideApiError extends Error {
  constructor(
    readonly status: number,
    readonly method: string,
    readonly path: string,
    body: unknown,
  ) {
    const errors = Array.isArray(record(body)['errors']) ? (record(body)['errors'] as unknown[]) : [];
    const details = errors.map((e) => [text(record(e)['title']), text(record(e)['detail'])].filter(Boolean).join(': ')).join('; ');
    super(`${method} ${path} answered ${status}${details ? `: ${details}` : ''}`);
  }
}
