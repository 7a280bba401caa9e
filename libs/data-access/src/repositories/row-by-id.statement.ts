import type { DataSource, ObjectLiteral, Repository } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';
import { DriverUtils } from 'typeorm/driver/DriverUtils';

/**
 * `SELECT … WHERE row.id = $1` of one entity, built by TypeORM once and then sent as it is:
 * building the query (aliases, escaping, parameter names) and transforming the result through
 * the query builder cost more CPU than the round trip on a `GET` by id. The SQL and the entity
 * are the query builder's own (same statement, same hydration of each column); entities with
 * embedded columns, eager relations or load listeners are left to the query builder.
 */
export class RowByIdStatement<TEntity extends ObjectLiteral> {
  private readonly sql: string | null;
  private readonly columns: ReadonlyArray<readonly [alias: string, column: ColumnMetadata]>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly repository: Repository<TEntity>,
  ) {
    const { metadata } = repository;
    const plain = metadata.embeddeds.length === 0 && metadata.eagerRelations.length === 0 && metadata.relationIds.length === 0 && metadata.relationCounts.length === 0 && metadata.afterLoadListeners.length === 0;
    this.sql = plain ? repository.createQueryBuilder('row').where('row.id = :id', { id: null }).getQueryAndParameters()[0] : null;
    this.columns = metadata.columns.map((column) => [DriverUtils.buildAlias(dataSource.driver, undefined, 'row', column.databaseName), column] as const);
  }

  async find(id: string): Promise<TEntity | null> {
    if (this.sql === null) return this.repository.createQueryBuilder('row').where('row.id = :id', { id }).getOne();
    const rows = await this.dataSource.query<Array<Record<string, unknown>>>(this.sql, [id]);
    const raw = rows[0];
    if (raw === undefined) return null;
    const entity = this.repository.metadata.create() as TEntity;
    for (const [alias, column] of this.columns) {
      const value = raw[alias];
      if (value !== undefined) column.setEntityValue(entity, this.dataSource.driver.prepareHydratedValue(value, column));
    }
    return entity;
  }
}
