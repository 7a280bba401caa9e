import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';

/** Which rows of a list to return (the api's `page[number]`/`page[size]`, already validated). */
export interface Page {
  offset: number;
  size: number;
}

/** One page of a list and how many rows match in all. */
export interface PageOf<T> {
  rows: T[];
  total: number;
}

/** An inclusive instant range; either end may be open. */
export interface TimeRange {
  start?: Date;
  end?: Date;
}

/**
 * Runs a filtered list query as one page, ordered by `(created_at, id)` ascending: the order of
 * the `(account_id, created_at, id)` list indexes. New rows sort after every existing one, so
 * walking the pages while rows are added never skips or repeats a row (docs/json-api.md).
 */
export async function listPage<T extends ObjectLiteral>(query: SelectQueryBuilder<T>, alias: string, page: Page): Promise<PageOf<T>> {
  const [rows, total] = await query
    .orderBy(`${alias}.created_at`, 'ASC')
    .addOrderBy(`${alias}.id`, 'ASC')
    .skip(page.offset)
    .take(page.size)
    .getManyAndCount();
  return { rows, total };
}

/** `column >= start` and `column <= end` for the ends a range has. */
export function whereInRange<T extends ObjectLiteral>(query: SelectQueryBuilder<T>, column: string, name: string, range: TimeRange | undefined): void {
  if (range?.start !== undefined) query.andWhere(`${column} >= :${name}Start`, { [`${name}Start`]: range.start });
  if (range?.end !== undefined) query.andWhere(`${column} <= :${name}End`, { [`${name}End`]: range.end });
}

/** A user's search text as a LIKE pattern that matches it anywhere, wildcards taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
}
