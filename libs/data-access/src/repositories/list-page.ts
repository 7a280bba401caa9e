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

/** `filter[custom_fields][<api_slug>]=<value>`, its slug already resolved to the definition. */
export interface CustomFieldMatch {
  definitionId: string;
  /** Matches a value whose text is this, or a multi-select list holding it. */
  value: string;
}

/** Keeps the rows (`alias.id`) that have every given custom field value (docs/custom-fields.md). */
export function whereCustomFields<T extends ObjectLiteral>(query: SelectQueryBuilder<T>, alias: string, matches: readonly CustomFieldMatch[] | undefined): void {
  (matches ?? []).forEach((match, index) => {
    const definition = `cfDefinition${index}`;
    const value = `cfValue${index}`;
    query.andWhere(
      `EXISTS (SELECT 1 FROM custom_fields cf WHERE cf.entity_id = ${alias}.id AND cf.account_id = ${alias}.account_id AND cf.definition_id = :${definition}
        AND (CASE WHEN jsonb_typeof(cf.value) = 'array' THEN cf.value ? :${value} ELSE cf.value #>> '{}' = :${value} END))`,
      { [definition]: match.definitionId, [value]: match.value },
    );
  });
}
