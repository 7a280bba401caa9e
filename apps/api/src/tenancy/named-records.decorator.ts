import { SetMetadata } from '@nestjs/common';
import type { OwnedRecordKind, RecordRef } from '@quayside/data-access';

export const NAMED_RECORDS = 'quayside:named-records';

/** Where a route carries the id of a tenant-owned record: a path parameter, a query parameter, or a member of the body. */
export type RecordLocation =
  | { kind: OwnedRecordKind; path: string }
  | { kind: OwnedRecordKind; query: string }
  | { kind: OwnedRecordKind; body: readonly (readonly string[])[] };

/**
 * Declares the records a route names, so that tenancy is decided before plan and feature
 * checks: a free account naming another account's webhook gets 401, not "upgrade your plan".
 * On a class it covers every route; a location a route does not carry is skipped.
 */
export const NamedRecords = (...locations: RecordLocation[]): MethodDecorator & ClassDecorator => SetMetadata(NAMED_RECORDS, locations);

function member(root: unknown, path: readonly string[]): unknown {
  let node = root;
  for (const key of path) {
    if (typeof node !== 'object' || node === null || Array.isArray(node)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** The ids a request carries at the declared locations. */
export function namedRecords(
  locations: readonly RecordLocation[],
  request: { params?: unknown; query?: unknown; body?: unknown },
): RecordRef[] {
  const refs: RecordRef[] = [];
  for (const location of locations) {
    const values =
      'path' in location
        ? [member(request.params, [location.path])]
        : 'query' in location
          ? [member(request.query, [location.query])]
          : location.body.map((path) => member(request.body, path));
    for (const id of values) if (typeof id === 'string') refs.push({ kind: location.kind, id });
  }
  return refs;
}
