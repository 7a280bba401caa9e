import type { JsonApiError, JsonApiErrorDocument } from './json-api-error';

/**
 * A failure the client can act on: carries the HTTP status and one or more JSON:API error
 * objects. The API's exception filter renders `toDocument()` with `status`; workers treat it
 * as a permanent (non-retryable) failure of the job's input.
 */
export class DomainError extends Error {
  readonly status: number;
  readonly errors: readonly JsonApiError[];
  /** Response headers that belong to this error, e.g. `Retry-After` on a 429. */
  readonly headers: Readonly<Record<string, string>>;

  constructor(status: number, errors: JsonApiError | readonly JsonApiError[], headers: Record<string, string> = {}) {
    const list: readonly JsonApiError[] = Array.isArray(errors) ? errors : [errors as JsonApiError];
    if (list.length === 0) throw new RangeError('DomainError needs at least one error object');
    super(describe(status, list));
    this.name = 'DomainError';
    this.status = status;
    this.errors = list.map((error) => ({ ...error, status: error.status ?? String(status) }));
    this.headers = { ...headers };
  }

  /** The response body, a fresh copy each call so renderers may not mutate the error. */
  toDocument(): JsonApiErrorDocument {
    return { errors: this.errors.map((error) => ({ ...error })) };
  }

  /** The first error's `code`, handy for branching in callers and tests. */
  get code(): string | null {
    return this.errors[0]?.code ?? null;
  }
}

function describe(status: number, errors: readonly JsonApiError[]): string {
  const first = errors[0];
  const text = first?.detail ?? first?.title ?? 'error';
  return errors.length > 1 ? `${status}: ${text} (+${errors.length - 1} more)` : `${status}: ${text}`;
}
