import { LRUCache } from 'lru-cache';
import type { ObjectLiteral, QueryRunner, SelectQueryBuilder } from 'typeorm';
import type { EntityMetadata } from 'typeorm/metadata/EntityMetadata';
import { EXACT_TOTAL_BOUND } from './list-totals';
import type { Page } from './list-page';
import { RowHydrator } from './row-hydrator';

/** A list's statements as the query builder writes them, parameters still named (`:name`). */
export interface ListTexts {
  /** The page's rows (see listPage). */
  rows: string;
  /** The ids of the filtered rows up to one past `EXACT_TOTAL_BOUND`, which the count wraps. */
  bounded: string;
  /** Whether the rows select a plain entity that RowHydrator reads (else the query builder's transform). */
  plain: boolean;
}

/** Shapes kept per entity: each filter combination, page direction, size and offset is one. */
const SHAPES_PER_ENTITY = 500;

/**
 * The text of a list's statements, built by the query builder once per shape of query and then
 * reused: building them (aliasing and escaping every column, naming the parameters) was 6–9 % of
 * the api's CPU on a list page, every request building the same text for the page and its count.
 *
 * A shape is what the text depends on: the entity and alias, the filter conditions in order,
 * the page's direction, size and offset. Parameter values are not part of the text (`IN
 * (:...values)` is spread when parameters are bound, by `escapeQueryWithParameters`), so two
 * requests of one shape differ only in the values sent with it. A query that does more than
 * select its entity with string conditions (joins, its own order or limit, locks, a
 * transaction's runner, sub-queries …) has no shape and is built each time, as before.
 */
export class ListStatementTexts {
  private static readonly kept = new WeakMap<EntityMetadata, LRUCache<string, ListTexts>>();

  /** The texts of `filtered`'s page; `paged` adds the page to a copy of `filtered` (the one place that says how). */
  static of<T extends ObjectLiteral>(
    filtered: SelectQueryBuilder<T>,
    alias: string,
    page: Page,
    paged: (copy: SelectQueryBuilder<T>) => SelectQueryBuilder<T>,
  ): ListTexts {
    const shape = ListStatementTexts.shapeOf(filtered, alias, page);
    const metadata = filtered.expressionMap.mainAlias?.metadata;
    if (shape === null || metadata === undefined) return ListStatementTexts.build(filtered, alias, paged);
    let byShape = ListStatementTexts.kept.get(metadata);
    if (byShape === undefined) {
      byShape = new LRUCache<string, ListTexts>({ max: SHAPES_PER_ENTITY });
      ListStatementTexts.kept.set(metadata, byShape);
    }
    let texts = byShape.get(shape);
    if (texts === undefined) {
      texts = ListStatementTexts.build(filtered, alias, paged);
      byShape.set(shape, texts);
    }
    return texts;
  }

  private static build<T extends ObjectLiteral>(
    filtered: SelectQueryBuilder<T>,
    alias: string,
    paged: (copy: SelectQueryBuilder<T>) => SelectQueryBuilder<T>,
  ): ListTexts {
    const rows = paged(filtered.clone());
    return {
      rows: rows.getQuery(),
      // In the list's order, so the planner walks the list's `(account_id, created_at, id)` index
      // and stops at the bound. Unordered, it read the table itself whenever the account holds
      // most of it (one account, a million containers: 1.2 ms a page, every time, where the
      // index's few pages take about 0.2 ms), and a sequential scan of a table four times larger than
      // shared_buffers reads through a small ring of buffers: every page came from the OS again.
      bounded: filtered
        .clone()
        .orderBy(`${alias}.created_at`, 'ASC')
        .addOrderBy(`${alias}.id`, 'ASC')
        .select(`${alias}.id`)
        .limit(EXACT_TOTAL_BOUND + 1)
        .getQuery(),
      plain: RowHydrator.forQuery(rows) !== null,
    };
  }

  /** What the statements' text depends on, or null for a query this does not keep. */
  private static shapeOf<T extends ObjectLiteral>(filtered: SelectQueryBuilder<T>, alias: string, page: Page): string | null {
    const map = filtered.expressionMap;
    const main = map.mainAlias;
    const [select, ...otherSelects] = map.selects;
    const simple =
      main !== undefined &&
      main.hasMetadata &&
      main.type === 'from' &&
      main.name === alias &&
      map.queryType === 'select' &&
      queryRunnerOf(filtered) === undefined &&
      select?.selection === alias &&
      select.aliasName === undefined &&
      otherSelects.length === 0 &&
      map.joinAttributes.length === 0 &&
      map.relationIdAttributes.length === 0 &&
      map.relationCountAttributes.length === 0 &&
      Object.keys(map.orderBys).length === 0 &&
      map.groupBys.length === 0 &&
      map.havings.length === 0 &&
      map.limit === undefined &&
      map.offset === undefined &&
      map.skip === undefined &&
      map.take === undefined &&
      map.lockMode === undefined &&
      !map.selectDistinct &&
      map.selectDistinctOn.length === 0 &&
      map.commonTableExpressions.length === 0 &&
      map.comment === undefined &&
      map.useIndex === undefined &&
      map.maxExecutionTime === 0 &&
      map.options.length === 0 &&
      !map.subQuery &&
      map.wheres.every((where) => typeof where.condition === 'string');
    if (!simple) return null;
    const conditions: string[] = [];
    for (const where of map.wheres) if (typeof where.condition === 'string') conditions.push(`${where.type} ${where.condition}`);
    const direction = page.after ? 'after' : page.before === 'end' ? 'end' : page.before ? 'before' : `offset ${page.offset}`;
    return [alias, map.withDeleted ? 'with deleted' : '', `${direction} ${page.size}`, ...conditions].join('\n');
  }
}

/** The runner a query builder sends through (a transaction's), if it was given one; TypeORM keeps the field protected. */
export function queryRunnerOf<T extends ObjectLiteral>(query: SelectQueryBuilder<T>): QueryRunner | undefined {
  return (query as unknown as { queryRunner?: QueryRunner }).queryRunner;
}
