import type { DomainErrorKind, JsonApiError, JsonApiErrorDocument } from '@quayside/domain';
import { DomainError } from '@quayside/domain';

/** The one place a kind of domain failure becomes an HTTP status. */
export const HTTP_STATUS: Readonly<Record<DomainErrorKind, number>> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  unprocessable: 422,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
};

/**
 * A failure of the HTTP exchange itself rather than of the request's meaning: a method the
 * path does not answer, a body too large or of the wrong type, headers too large. Only the api
 * raises these, so they carry their status.
 */
export class HttpError extends Error {
  readonly errors: readonly JsonApiError[];

  constructor(
    readonly status: number,
    errors: JsonApiError | readonly JsonApiError[],
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    const list: readonly JsonApiError[] = Array.isArray(errors) ? errors : [errors as JsonApiError];
    super(`${status}: ${list[0]?.detail ?? list[0]?.title ?? 'error'}`);
    this.name = 'HttpError';
    this.errors = list;
  }
}

export interface RenderedError {
  status: number;
  headers: Readonly<Record<string, string>>;
  /** `{errors: [...]}` with each error's `status` as a string, as JSON:API writes it. */
  document: JsonApiErrorDocument;
}

export function renderError(error: DomainError | HttpError): RenderedError {
  const status = error instanceof DomainError ? HTTP_STATUS[error.kind] : error.status;
  return {
    status,
    headers: error.headers,
    document: { errors: error.errors.map((item) => ({ ...item, status: item.status ?? String(status) })) },
  };
}
