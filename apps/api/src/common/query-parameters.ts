import type { TimeRange } from '@quayside/data-access';
import { badRequest } from '@quayside/domain';
import { isCustomFieldFilter } from './custom-field-filters';

/** The query object Fastify parsed (flat keys such as `filter[status]`). */
export type Query = Readonly<Record<string, unknown>>;

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** A parameter given at most once, as text; 400 naming it otherwise. */
export function textParameter(query: Query, parameter: string): string | undefined {
  const value = query[parameter];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw badRequest(`${parameter} must be given once.`, { parameter });
  return value;
}

/** Non-blank text, trimmed. */
export function searchParameter(query: Query, parameter: string): string | undefined {
  const value = textParameter(query, parameter)?.trim();
  return value === undefined || value === '' ? undefined : value;
}

export function booleanParameter(query: Query, parameter: string): boolean | undefined {
  const value = textParameter(query, parameter);
  if (value === undefined) return undefined;
  if (value !== 'true' && value !== 'false') throw badRequest(`${parameter} must be true or false.`, { parameter });
  return value === 'true';
}

export function isIsoInstant(value: unknown): value is string {
  return typeof value === 'string' && ISO_INSTANT.test(value) && !Number.isNaN(new Date(value).getTime());
}

/** An ISO 8601 instant; 400 naming the parameter otherwise. */
export function parseInstant(value: string, parameter: string): Date {
  if (!isIsoInstant(value)) {
    throw badRequest(`${parameter} must be an ISO 8601 date-time, e.g. 2026-08-14T00:00:00Z.`, { parameter });
  }
  return new Date(value);
}

function instantParameter(query: Query, parameter: string): Date | undefined {
  const value = textParameter(query, parameter);
  return value === undefined ? undefined : parseInstant(value, parameter);
}

/** `filter[<field>][start]` and `filter[<field>][end]`, both inclusive, either optional. */
export function rangeParameter(query: Query, field: string): TimeRange | undefined {
  const start = instantParameter(query, `filter[${field}][start]`);
  const end = instantParameter(query, `filter[${field}][end]`);
  if (start === undefined && end === undefined) return undefined;
  if (start !== undefined && end !== undefined && start > end) {
    throw badRequest(`filter[${field}][start] is after filter[${field}][end].`, { parameter: `filter[${field}][start]` });
  }
  return { ...(start ? { start } : {}), ...(end ? { end } : {}) };
}

/**
 * A `filter[...]` the endpoint does not know answers 400 naming it, so a misspelt filter
 * is never silently ignored (and the whole list returned instead).
 */
export function refuseUnknownFilters(query: Query, known: readonly string[]): void {
  const unknown = Object.keys(query).find(
    (parameter) => parameter.startsWith('filter[') && !known.includes(parameter) && !isCustomFieldFilter(parameter),
  );
  if (unknown !== undefined) {
    throw badRequest(`Unknown filter ${unknown}. This endpoint filters by ${known.filter((p) => p.startsWith('filter[')).join(', ')}.`, {
      parameter: unknown,
    });
  }
}
