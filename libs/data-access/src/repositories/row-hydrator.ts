import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { DriverUtils } from 'typeorm/driver/DriverUtils';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';
import type { EntityMetadata } from 'typeorm/metadata/EntityMetadata';

/**
 * Column types whose values the Postgres driver's `prepareHydratedValue` hands back as `pg` parsed
 * them (it converts other date spellings, enums, simple-*, hstore, cube, vectors and the Boolean
 * and Number constructors, and runs transformers): for these the call is skipped, which is about
 * half the CPU of hydrating a container's 57 columns. Each such column is also probed once, so a
 * TypeORM that starts converting one of these types is followed, not overridden.
 */
const READ_AS_PARSED = new Set<unknown>([
  'uuid',
  'text',
  'integer',
  'bigint',
  'double precision',
  'boolean',
  'json',
  'jsonb',
  'timestamptz',
]);
const PROBE_TEXT = '2026-01-01';
const PROBE_OBJECT = {};

/**
 * Turns the raw rows of a `SELECT <alias>.*` into entities the way TypeORM's query builder does
 * (`RawSqlResultsToEntityTransformer`: an instance made without its constructor, then each
 * selected column's value prepared by the driver), without the transformer's per-query set-up,
 * grouping by primary key and join, relation-id and listener passes, which a plain entity read
 * alone does not need and which cost more CPU than the rows on the api's list and include reads.
 *
 * Only for a "plain" entity: no embedded columns, table inheritance, eager or lazy relations,
 * relation ids or counts, and nothing listening to its loads (`@AfterLoad`, a subscriber's
 * `afterLoad`). For anything else `of` answers null and the caller keeps the query builder.
 */
export class RowHydrator<TEntity extends ObjectLiteral> {
  // Keyed by metadata (one per data source and entity), so a test's data source takes its own.
  private static readonly built = new WeakMap<EntityMetadata, Map<string, RowHydrator<ObjectLiteral> | null>>();

  private readonly columns: ReadonlyArray<readonly [alias: string, property: string, column: ColumnMetadata, prepared: boolean]>;

  private constructor(
    private readonly metadata: EntityMetadata,
    alias: string,
  ) {
    const { driver } = metadata.connection;
    const passes = (column: ColumnMetadata): boolean =>
      driver.options.type === 'postgres' &&
      column.transformer === undefined &&
      READ_AS_PARSED.has(column.type) &&
      [PROBE_TEXT, PROBE_OBJECT].every((probe) => driver.prepareHydratedValue(probe, column) === probe);
    // Virtual columns (a relation's join column without a property) are skipped, as the transformer
    // does; what is left of a plain entity is written to its property as ColumnMetadata.setEntityValue
    // would (no embedded path, not virtual), without that call per column and row.
    this.columns = metadata.columns
      .filter((column) => !column.isVirtual)
      .map(
        (column) =>
          [DriverUtils.buildAlias(driver, undefined, alias, column.databaseName), column.propertyName, column, !passes(column)] as const,
      );
  }

  /** The hydrator of `metadata`'s columns selected as `<alias>_<column>`, or null where the entity is not plain. */
  static of<TEntity extends ObjectLiteral>(metadata: EntityMetadata, alias: string): RowHydrator<TEntity> | null {
    // Subscribers can be added at any time (tests record statements with one), so this is asked on each use.
    if (metadata.connection.subscribers.some((subscriber) => 'afterLoad' in subscriber)) return null;
    let byAlias = RowHydrator.built.get(metadata);
    if (byAlias === undefined) {
      byAlias = new Map();
      RowHydrator.built.set(metadata, byAlias);
    }
    let hydrator = byAlias.get(alias);
    if (hydrator === undefined) {
      hydrator = RowHydrator.isPlain(metadata) ? new RowHydrator(metadata, alias) : null;
      byAlias.set(alias, hydrator);
    }
    return hydrator as RowHydrator<TEntity> | null;
  }

  /**
   * The hydrator of the entities `query` selects, or null unless the query selects its whole main
   * entity and nothing the transformer would add to it (selected joins, relation ids or counts,
   * relations loaded by further queries, locks, plain-object results, skip/take pagination).
   * Other added selections (a computed column) stay in the raw rows only, as with
   * `getRawAndEntities`.
   */
  static forQuery<TEntity extends ObjectLiteral>(query: SelectQueryBuilder<TEntity>): RowHydrator<TEntity> | null {
    const map = query.expressionMap;
    const main = map.mainAlias;
    if (main === undefined || !main.hasMetadata || main.type !== 'from') return null;
    const shaped =
      map.selects.some((select) => select.selection === main.name) &&
      map.joinAttributes.every((join) => !join.isSelected) &&
      // skip/take with a join make getRawAndEntities read ids first, in a statement of its own.
      map.skip === undefined &&
      map.take === undefined &&
      map.relationIdAttributes.length === 0 &&
      map.relationCountAttributes.length === 0 &&
      map.relationLoadStrategy === 'join' &&
      map.lockMode === undefined &&
      !map.options.includes('create-pojo');
    return shaped ? RowHydrator.of<TEntity>(main.metadata, main.name) : null;
  }

  private static isPlain(metadata: EntityMetadata): boolean {
    return (
      metadata.embeddeds.length === 0 &&
      metadata.eagerRelations.length === 0 &&
      metadata.lazyRelations.length === 0 &&
      metadata.relationIds.length === 0 &&
      metadata.relationCounts.length === 0 &&
      metadata.afterLoadListeners.length === 0 &&
      metadata.discriminatorColumn === undefined &&
      metadata.childEntityMetadatas.length === 0 &&
      metadata.tableType !== 'view'
    );
  }

  /**
   * One entity per row, in order. Rows of a plain `SELECT` without joins have a non-null primary
   * key each and one row per entity, so the transformer's grouping and empty-row check never apply.
   */
  entities(rows: ReadonlyArray<Record<string, unknown>>): TEntity[] {
    return rows.map((row) => this.entity(row));
  }

  entity(row: Record<string, unknown>): TEntity {
    const { driver } = this.metadata.connection;
    const entity = this.metadata.create(undefined, { fromDeserializer: true }) as Record<string, unknown>;
    for (const [alias, property, column, prepared] of this.columns) {
      const value = row[alias];
      if (value !== undefined) entity[property] = prepared ? driver.prepareHydratedValue(value, column) : value;
    }
    return entity as TEntity;
  }
}
