import { notFound, unauthorized } from '@quayside/domain';
import type { DataSource, EntityManager, EntityTarget, ObjectLiteral, Repository, SelectQueryBuilder } from 'typeorm';
import type { AccountScope } from './account-scope';
import { isUuid } from './account-scope';
import { OwnedRowsStatement } from './owned-rows.statement';
import { RowByIdStatement } from './row-by-id.statement';

/** A tenant-owned row: every such table has `id` and `account_id`. */
export interface OwnedRow extends ObjectLiteral {
  id: string;
  account_id: string;
}

/**
 * Base of every repository of tenant-owned rows: the account filter lives here, once.
 *
 * - `scoped(scope)` starts every list/batch query already filtered to the caller's account.
 * - `findOwned(scope, id)` loads one record by id for the caller: 404 when the id exists
 *   nowhere (or is not an id at all), 401 when it belongs to another account
 *   (docs/json-api.md, "Order of checks"), so handlers never repeat the check.
 */
export abstract class AccountScopedRepository<TEntity extends OwnedRow> {
  private byId: RowByIdStatement<TEntity> | undefined;
  private byIds: OwnedRowsStatement<TEntity> | undefined;

  protected constructor(
    protected readonly dataSource: DataSource,
    private readonly entity: EntityTarget<TEntity>,
    /** JSON:API type named in 404 details, e.g. `container`. */
    protected readonly resourceType: string,
  ) {}

  protected repository(manager?: EntityManager): Repository<TEntity> {
    return (manager ?? this.dataSource.manager).getRepository(this.entity);
  }

  /** A query over the caller's rows only; alias it and add conditions, never remove this one. */
  protected scoped(scope: AccountScope, alias = 'row', manager?: EntityManager): SelectQueryBuilder<TEntity> {
    return this.repository(manager)
      .createQueryBuilder(alias)
      .where(`${alias}.account_id = :scopeAccountId`, { scopeAccountId: scope.accountId });
  }

  /**
   * One record of the caller. `visible` hides rows that exist but no longer count (e.g. a
   * deleted key): those answer 404 to their owner and still 401 to anyone else.
   */
  async findOwned(scope: AccountScope, id: string, visible: (row: TEntity) => boolean = () => true): Promise<TEntity> {
    if (!isUuid(id)) throw notFound(this.resourceType, id);
    // Built on first use: entity metadata is complete only once the data source is initialized.
    this.byId ??= new RowByIdStatement(this.dataSource, this.repository());
    const row = await this.byId.find(id);
    if (!row) throw notFound(this.resourceType, id);
    if (row.account_id !== scope.accountId) throw unauthorized();
    if (!visible(row)) throw notFound(this.resourceType, id);
    return row;
  }

  /** The caller's records among `ids` (for batched includes); foreign and unknown ids are skipped. */
  async findManyOwned(scope: AccountScope, ids: readonly string[]): Promise<TEntity[]> {
    const valid = [...new Set(ids)].filter(isUuid);
    if (valid.length === 0) return [];
    this.byIds ??= new OwnedRowsStatement(this.dataSource, this.repository());
    return this.byIds.find(scope.accountId, valid);
  }
}
