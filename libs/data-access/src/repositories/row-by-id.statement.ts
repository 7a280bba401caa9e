import type { DataSource, ObjectLiteral, Repository } from 'typeorm';
import { RowHydrator } from './row-hydrator';

/**
 * `SELECT … WHERE row.id = $1` of one entity, built by TypeORM once and then sent as it is:
 * building the query (aliases, escaping, parameter names) and transforming the result through
 * the query builder cost more CPU than the round trip on a `GET` by id. The SQL and the entity
 * are the query builder's own (same statement, same hydration of each column, see RowHydrator);
 * entities that are not plain are left to the query builder.
 */
export class RowByIdStatement<TEntity extends ObjectLiteral> {
  private readonly sql: string;

  constructor(
    private readonly dataSource: DataSource,
    private readonly repository: Repository<TEntity>,
  ) {
    this.sql = repository.createQueryBuilder('row').where('row.id = :id', { id: null }).getQueryAndParameters()[0];
  }

  async find(id: string): Promise<TEntity | null> {
    const hydrator = RowHydrator.of<TEntity>(this.repository.metadata, 'row');
    if (hydrator === null) return this.repository.createQueryBuilder('row').where('row.id = :id', { id }).getOne();
    const [raw] = await this.dataSource.query<Array<Record<string, unknown>>>(this.sql, [id]);
    return raw === undefined ? null : hydrator.entity(raw);
  }
}
