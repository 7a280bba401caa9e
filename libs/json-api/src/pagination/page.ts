/** Page size when a request names none. Matches the established API's default. */
export const DEFAULT_PAGE_SIZE = 30;
/** Largest `page[size]` accepted; a larger one is refused with 400, not silently clamped. */
export const MAX_PAGE_SIZE = 100;

/**
 * Where a row sits in a list's order `(created_at, id)`: the list's keyset position.
 * `at` is the row's `created_at` to the microsecond (ISO 8601, UTC), as Postgres keeps it.
 */
export interface PageKey {
  at: string;
  id: string;
}

/** A validated page request; `number` is 1-based. */
export interface PageRequest {
  number: number;
  size: number;
  /** Rows to skip: (number - 1) × size. Ignored when the request carries a cursor. */
  offset: number;
  /** `page[after]`: the rows following this one (what `links.next` carries). */
  after?: PageKey;
  /** `page[before]`: the rows preceding this one, or the list's last rows (`'end'`, what `links.last` carries). */
  before?: PageKey | 'end';
}

export function pageRequest(number: number, size: number): PageRequest {
  return { number, size, offset: (number - 1) * size };
}

/** What a keyset-capable list answers beside its rows, for the links to carry cursors. */
export interface PageBounds {
  /** Keys of the page's first and last rows (absent on an empty page). */
  first?: PageKey;
  last?: PageKey;
  /** Whether rows exist before the first and after the last. */
  hasBefore: boolean;
  hasAfter: boolean;
}
