import type { DataSource, ObjectLiteral, Repository, SelectQueryBuilder } from 'typeorm';
import { RowHydrator } from './row-hydrator';

/**
 * `SELECT … WHERE row.account_id = $1 AND row.id = ANY($2::uuid[])` of one entity: the batched
 * read behind includes, built by TypeORM once and then sent as it is. The ids go as one array
 * parameter, so the text is the same whatever their number (an `IN ($2, $3, …)` list would be
 * new text for each count); Postgres plans both the same way. Rows come back in no set order,
 * as before. Entities that are not plain are left to the query builder (see RowHydrator).
 */
export class OwnedRowsStatement<TEntity extends ObjectLiteral> {
  private readonly sql: string;

  constructor(
    private readonly dataSource: DataSource,
    private readonly repository: Repository<TEntity>,
  ) {
    this.sql = this.query(null, null).getQueryAndParameters()[0];
  }

  /** `ids` must be uuids (the cast fails the statement otherwise). */
  async find(accountId: string, ids: readonly string[]): Promise<TEntity[]> {
    const hydrator = RowHydrator.of<TEntity>(this.repository.metadata, 'row');
    if (hydrator === null) return this.query(accountId, ids).getMany();
    return hydrator.entities(await this.dataSource.query<Array<Record<string, unknown>>>(this.sql, [accountId, ids]));
  }

  // The account comes first in the text, so it is `$1` and the ids `$2`.
  private query(accountId: string | null, ids: readonly string[] | null): SelectQueryBuilder<TEntity> {
    return this.repository
      .createQueryBuilder('row')
      .where('row.account_id = :accountId', { accountId })
      .andWhere('row.id = ANY(:ids::uuid[])', { ids });
  }
}
