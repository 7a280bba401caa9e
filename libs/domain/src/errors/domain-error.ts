import type { JsonApiError, JsonApiErrorDocument } from './json-api-error';

/**
 * What kind of failure the client can act on. The domain says what went wrong, not how a
 * transport answers it: the api maps each kind to its HTTP status in one table
 * (apps/api/src/common/errors/http-status.ts); workers treat every kind as a permanent failure
 * of the job's input.
 */
export const DOMAIN_ERROR_KINDS = [
  'bad_request',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'unprocessable',
  'rate_limited',
  'internal',
  'unavailable',
] as const;
export type DomainErrorKind = (typeof DOMAIN_ERROR_KINDS)[number];

/** A failure the client can act on: its kind and one or more JSON:API error objects. */
export class DomainError extends Error {
  readonly kind: DomainErrorKind;
  readonly errors: readonly JsonApiError[];
  /** Response headers that belong to this error, e.g. `Retry-After` on a rate limit. */
  readonly headers: Readonly<Record<string, string>>;

  constructor(kind: DomainErrorKind, errors: JsonApiError | readonly JsonApiError[], headers: Record<string, string> = {}) {
    const list: readonly JsonApiError[] = Array.isArray(errors) ? errors : [errors as JsonApiError];
    if (list.length === 0) throw new RangeError('DomainError needs at least one error object');
    super(describe(kind, list));
    this.name = 'DomainError';
    this.kind = kind;
    this.errors = list.map((error) => ({ ...error }));
    this.headers = { ...headers };
  }

  /** The error objects, a fresh copy each call so renderers may not mutate the error. */
  toDocument(): JsonApiErrorDocument {
    return { errors: this.errors.map((error) => ({ ...error })) };
  }

  /** The first error's `code`, handy for branching in callers and tests. */
  get code(): string | null {
    return this.errors[0]?.code ?? null;
  }
}

function describe(kind: DomainErrorKind, errors: readonly JsonApiError[]): string {
  const first = errors[0];
  const text = first?.detail ?? first?.title ?? 'error';
  return errors.length > 1 ? `${kind}: ${text} (+${errors.length - 1} more)` : `${kind}: ${text}`;
}
