/** Page size when a request names none. Matches the established API's default. */
export const DEFAULT_PAGE_SIZE = 30;
/** Largest `page[size]` accepted; a larger one is refused with 400, not silently clamped. */
export const MAX_PAGE_SIZE = 100;

/** A validated page request; `number` is 1-based. */
export interface PageRequest {
  number: number;
  size: number;
  /** Rows to skip: (number - 1) × size. */
  offset: number;
}

export function pageRequest(number: number, size: number): PageRequest {
  return { number, size, offset: (number - 1) * size };
}
