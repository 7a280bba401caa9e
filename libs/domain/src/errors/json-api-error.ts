/**
 * One JSON:API error object (docs/json-api.md). Every field but `title` is optional;
 * `status` is the HTTP status as a string ("404"), as JSON:API and the established API write it.
 */
export interface JsonApiErrorSource {
  /** JSON Pointer into the request document, e.g. `/data/attributes/request_number`. */
  pointer?: string | null;
  /** Name of the query parameter that caused the error, e.g. `page[size]`. */
  parameter?: string | null;
}

export interface JsonApiError {
  title: string | null;
  detail?: string | null;
  source?: JsonApiErrorSource | null;
  code?: string | null;
  status?: string | null;
  meta?: Record<string, unknown> | null;
}

/** The body of every error response: `{errors: [error, ...]}`. */
export interface JsonApiErrorDocument {
  errors: JsonApiError[];
}

/**
 * Machine-readable `code` values this service puts on its errors (docs/json-api.md lists them).
 * @internal Exported for tests: tests check every code.
 */
export const ERROR_CODES = [
  'bad_request',
  'unauthorized',
  'feature_not_enabled',
  'plan_not_allowed',
  'forbidden',
  'not_found',
  'conflict',
  'illegal_transition',
  'duplicate',
  'invalid',
  'rate_limited',
  'internal_error',
] as const;
