import type { DataSource, EntityManager, ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { EXACT_TOTAL_BOUND } from './list-totals';
import type { ListTotals } from './list-totals';
import { ListStatementTexts, queryRunnerOf } from './list-statement-texts';
import type { ListTexts } from './list-statement-texts';
import { queryRows } from './query-rows';
import { RowHydrator } from './row-hydrator';

/** Where a row sits in a list's order: `created_at` to the microsecond (ISO 8601, UTC) and `id`. */
export interface PageKey {
  at: string;
  id: string;
}

/**
 * Which rows of a list to return (the api's `page[...]`, already validated): `offset`/`size`, or
 * the `size` rows after or before a row's key (keyset; `'end'` = the last rows), which cost the
 * same at any depth.
 */
export interface Page {
  offset: number;
  size: number;
  after?: PageKey;
  before?: PageKey | 'end';
}

/** Where a page sits: its first and last rows' keys, and whether rows exist beyond either. */
export interface PageBounds {
  first?: PageKey;
  last?: PageKey;
  hasBefore: boolean;
  hasAfter: boolean;
}

/** One page of a list and how many rows match in all. */
export interface PageOf<T> {
  rows: T[];
  total: number;
  /** Given by lists read through `listPage`, for links that carry cursors. */
  bounds?: PageBounds;
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
 * A cursor page reads the index from the key on (no OFFSET); the total is counted exactly up to
 * `EXACT_TOTAL_BOUND` rows and, above it, kept for a minute by `totals` (when given).
 * The statements' text comes from the query builder, built once per shape of query
 * (ListStatementTexts) and sent with each request's parameters.
 */
export async function listPage<T extends ObjectLiteral>(
  query: SelectQueryBuilder<T>,
  alias: string,
  page: Page,
  totals?: ListTotals,
): Promise<PageOf<T>> {
  const backwards = page.before !== undefined;
  const key = page.after ?? (page.before === 'end' ? undefined : page.before);
  const texts = ListStatementTexts.of(query, alias, page, (filtered) => pageQuery(filtered, alias, page));
  const read = await readKeyedRows(query, alias, texts, key ? { pageAt: key.at, pageId: key.id } : {}, () =>
    pageQuery(query.clone(), alias, page),
  );
  const more = read.length > page.size;
  const keyed = read.slice(0, page.size);
  if (backwards) keyed.reverse();
  const rows = keyed.map(({ row }) => row);
  const keyOf = (item: KeyedRow<T> | undefined): PageKey | undefined => (item ? { at: item.at, id: String(item.row['id']) } : undefined);
  // Coming from a row means rows exist on that side; the extra row read shows the other side.
  const bounds: PageBounds = backwards
    ? { first: keyOf(keyed[0]), last: keyOf(keyed[keyed.length - 1]), hasBefore: more, hasAfter: page.before !== 'end' }
    : {
        first: keyOf(keyed[0]),
        last: keyOf(keyed[keyed.length - 1]),
        hasBefore: page.after !== undefined || page.offset > 0,
        hasAfter: more,
      };
  // The first page of a list that fits in it is its own count.
  const whole = !key && !backwards && page.offset === 0 && !more;
  const total = whole ? rows.length : await countTotal(query, texts.bounded, totals);
  return { rows, total, bounds };
}

/** The page's rows of `filtered` (a copy the caller may change): the key column, order, limit and cursor or offset. */
function pageQuery<T extends ObjectLiteral>(filtered: SelectQueryBuilder<T>, alias: string, page: Page): SelectQueryBuilder<T> {
  const backwards = page.before !== undefined;
  const rowsQuery = filtered
    .addSelect(`to_char(${alias}.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`, 'page_key')
    .orderBy(`${alias}.created_at`, backwards ? 'DESC' : 'ASC')
    .addOrderBy(`${alias}.id`, backwards ? 'DESC' : 'ASC')
    .limit(page.size + 1);
  const key = page.after ?? (page.before === 'end' ? undefined : page.before);
  if (key) {
    // Parameters go in as null: the text is the same for every key, the values come with each request.
    rowsQuery.andWhere(
      `(${alias}.created_at, ${alias}.id) ${page.after ? '>' : '<'} (CAST(:pageAt AS timestamptz), CAST(:pageId AS uuid))`,
      { pageAt: null, pageId: null },
    );
  } else if (!backwards) {
    rowsQuery.offset(page.offset);
  }
  return rowsQuery;
}

/** A listed entity and its `page_key` (`created_at` as the page cursor spells it). */
interface KeyedRow<T> {
  row: T;
  at: string;
}

/**
 * The page's rows with their keys, from one statement. A plain entity is hydrated from the raw
 * rows directly (RowHydrator), each next to its key; anything else goes through the query
 * builder's transform (`built`, the same statement) and its keys are matched back by id.
 */
async function readKeyedRows<T extends ObjectLiteral>(
  filtered: SelectQueryBuilder<T>,
  alias: string,
  texts: ListTexts,
  pageParameters: ObjectLiteral,
  built: () => SelectQueryBuilder<T>,
): Promise<Array<KeyedRow<T>>> {
  const hydrator = texts.plain ? RowHydrator.of<T>(filtered.expressionMap.mainAlias!.metadata, alias) : null;
  if (hydrator !== null) {
    const [sql, parameters] = statement(filtered, texts.rows, pageParameters);
    const raw = await queryRows<Record<string, unknown>>(executorOf(filtered), sql, parameters);
    return raw.map((row) => ({ row: hydrator.entity(row), at: String(row['page_key']) }));
  }
  const query = built();
  if (Object.keys(pageParameters).length > 0) query.setParameters(pageParameters);
  const { entities, raw } = await query.getRawAndEntities<Record<string, unknown>>();
  const keys = new Map(raw.map((row) => [String(row[`${alias}_id`]), String(row['page_key'])]));
  return entities.map((row) => ({ row, at: keys.get(String(row['id'])) ?? '' }));
}

/** `text` (with `:name` parameters) as the query builder sends it, with `filtered`'s parameters and `extra`. */
function statement<T extends ObjectLiteral>(filtered: SelectQueryBuilder<T>, text: string, extra: ObjectLiteral = {}): [string, unknown[]] {
  return filtered.connection.driver.escapeQueryWithParameters(
    text,
    { ...filtered.getParameters(), ...extra },
    filtered.expressionMap.nativeParameters,
  );
}

/** Where the query builder would send `filtered`'s statements: its transaction's runner, if it has one. */
function executorOf<T extends ObjectLiteral>(filtered: SelectQueryBuilder<T>): EntityManager | DataSource {
  return queryRunnerOf(filtered)?.manager ?? filtered.connection;
}

async function countTotal<T extends ObjectLiteral>(
  filtered: SelectQueryBuilder<T>,
  boundedText: string,
  totals: ListTotals | undefined,
): Promise<number> {
  const [sql, parameters] = statement(filtered, boundedText);
  const [bounded] = await queryRows<{ total: number }>(
    executorOf(filtered),
    `SELECT COUNT(*)::int AS total FROM (${sql}) AS bounded`,
    parameters,
  );
  if ((bounded?.total ?? 0) <= EXACT_TOTAL_BOUND) return bounded?.total ?? 0;
  const count = (): Promise<number> => filtered.clone().orderBy().getCount();
  // The bounded statement names the filtered rows as well as the full count would (same WHERE,
  // same parameters), so it keys the kept total without building a third statement per page.
  return totals ? totals.largeTotal(`${sql}\n${JSON.stringify(parameters)}`, count) : count();
}

/** `column >= start` and `column <= end` for the ends a range has. */
export function whereInRange<T extends ObjectLiteral>(
  query: SelectQueryBuilder<T>,
  column: string,
  name: string,
  range: TimeRange | undefined,
): void {
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
export function whereCustomFields<T extends ObjectLiteral>(
  query: SelectQueryBuilder<T>,
  alias: string,
  matches: readonly CustomFieldMatch[] | undefined,
): void {
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
