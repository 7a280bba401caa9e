import type { AccountFeature, Plan } from '../enums/account.enum';
import { DomainError } from './domain-error';
import type { JsonApiErrorSource } from './json-api-error';

/** How each feature is named to a client in a 403 (docs/plans.md). */
export const FEATURE_LABELS: Readonly<Record<AccountFeature, string>> = {
  routing: 'routing data (container map and vessel positions)',
  rail_lfd: 'rail last free day',
  container_refresh: 'container refresh',
  map_widget: 'the embeddable map and widget',
};

export const RATE_LIMIT_DETAIL =
  'Your account has exceeded its API rate limit. Make fewer requests, or subscribe to webhooks to be told about changes instead of polling.';

/** 400: the request itself is malformed (bad JSON, unknown parameter value). */
export function badRequest(detail: string, source?: JsonApiErrorSource): DomainError {
  return new DomainError('bad_request', { title: 'Bad Request', detail, code: 'bad_request', ...(source ? { source } : {}) });
}

/**
 * 401: missing or invalid credentials, and also a record of another account (docs/json-api.md,
 * "Order of checks"): the detail is the same in both cases so a caller cannot probe for foreign ids.
 */
export function unauthorized(detail = 'Missing or invalid API key. Send the header `Authorization: Token <API_KEY>`.'): DomainError {
  return new DomainError('unauthorized', { title: 'Unauthorized', detail, code: 'unauthorized' });
}

/** 403: the account is not enabled for a feature; the feature is named in the detail and in `meta`. */
export function featureNotEnabled(feature: AccountFeature): DomainError {
  return new DomainError('forbidden', {
    title: 'Forbidden',
    detail: `This account is not enabled for ${FEATURE_LABELS[feature]} (feature \`${feature}\`). Contact support to enable it.`,
    code: 'feature_not_enabled',
    meta: { feature },
  });
}

/** 403: the account's plan does not allow the action (e.g. webhooks on the free plan). */
export function planNotAllowed(plan: Plan, action: string): DomainError {
  return new DomainError('forbidden', {
    title: 'Forbidden',
    detail: `The ${plan} plan does not allow ${action}. A trial or paid plan is needed.`,
    code: 'plan_not_allowed',
    meta: { plan },
  });
}

/** 403: a plan limit such as the 10 active containers of the free plan and the trial is reached. */
export function planLimitReached(plan: Plan, limit: number, what = 'active containers'): DomainError {
  return new DomainError('forbidden', {
    title: 'Forbidden',
    detail: `The ${plan} plan tracks at most ${limit} ${what}; this request would exceed it.`,
    code: 'plan_not_allowed',
    meta: { plan, limit },
  });
}

/** 404: no such record (of this account). */
export function notFound(resourceType?: string, id?: string): DomainError {
  const detail =
    resourceType === undefined ? 'Record not found.' : id === undefined ? `No such ${resourceType}.` : `No ${resourceType} with id ${id}.`;
  return new DomainError('not_found', { title: 'Not Found', detail, code: 'not_found' });
}

/** 409: the request conflicts with the current state of a record. */
export function conflict(detail: string, meta?: Record<string, unknown>): DomainError {
  return new DomainError('conflict', { title: 'Conflict', detail, code: 'conflict', ...(meta ? { meta } : {}) });
}

/** 409: a state machine refused a move (e.g. stopping a failed tracking request). */
export function illegalTransition(resourceType: string, from: string, move: string): DomainError {
  return new DomainError('conflict', {
    title: 'Conflict',
    detail: `A ${resourceType} in state \`${from}\` cannot take \`${move}\`.`,
    code: 'illegal_transition',
    meta: { from, move },
  });
}

/** One field-level problem of a 422. */
export interface ValidationIssue {
  /** JSON Pointer of the offending member, e.g. `/data/attributes/request_number`. */
  pointer: string;
  detail: string;
  code?: string;
  meta?: Record<string, unknown>;
}

/** 422: the document is well formed but a member is invalid; one error object per issue. */
export function unprocessableEntity(issues: ValidationIssue | readonly ValidationIssue[]): DomainError {
  const list: readonly ValidationIssue[] = Array.isArray(issues) ? issues : [issues as ValidationIssue];
  return new DomainError(
    'unprocessable',
    list.map((issue) => ({
      title: 'Unprocessable Entity',
      detail: issue.detail,
      source: { pointer: issue.pointer },
      code: issue.code ?? 'invalid',
      ...(issue.meta ? { meta: issue.meta } : {}),
    })),
  );
}

/**
 * 429: one error, title "Too Many Requests" (docs/rate-limits.md); `Retry-After` is carried
 * as a header because it is the only rate-limit header the service sends.
 */
export function tooManyRequests(retryAfterSeconds: number): DomainError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new DomainError(
    'rate_limited',
    { title: 'Too Many Requests', detail: RATE_LIMIT_DETAIL, code: 'rate_limited' },
    { 'Retry-After': String(seconds) },
  );
}

/** 500: an unexpected failure; the detail never leaks internals. */
export function internalError(): DomainError {
  return new DomainError('internal', {
    title: 'Internal Server Error',
    detail: 'Something went wrong on our side. Try again later.',
    code: 'internal_error',
  });
}

/** 503: a dependency the request needs does not answer; `meta` may say which. */
export function serviceUnavailable(
  detail = 'The service cannot answer right now. Try again shortly.',
  meta?: Record<string, unknown>,
): DomainError {
  return new DomainError('unavailable', { title: 'Service Unavailable', detail, ...(meta ? { meta } : {}) });
}
