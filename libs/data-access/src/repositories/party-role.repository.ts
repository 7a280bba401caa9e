import { Injectable } from '@nestjs/common';
import { notFound, unauthorized } from '@quayside/domain';
import type { PartyRoleName, RoleableType } from '@quayside/domain';
import { DataSource, QueryFailedError } from 'typeorm';
import { PartyRoleEntity } from '../entities/party-role.entity';
import type { AccountScope } from './account-scope';
import { isUuid } from './account-scope';
import { AccountScopedRepository } from './account-scoped.repository';
import { queryRows } from './query-rows';

/** What a party role is attached to: a shipment, or a container (`Cargo`). */
export interface Roleable {
  type: RoleableType;
  id: string;
}

const ROLEABLE_TABLES: Readonly<Record<RoleableType, { table: string; resourceType: string }>> = {
  Shipment: { table: 'shipments', resourceType: 'shipment' },
  Cargo: { table: 'containers', resourceType: 'container' },
};

const UNIQUE_VIOLATION = '23505';

/**
 * Links between parties and shipments or containers. The link is unique per party, role and
 * roleable (`uq_party_roles_link`); roles of one roleable are listed by `(created_at, id)`.
 */
@Injectable()
export class PartyRoleRepository extends AccountScopedRepository<PartyRoleEntity> {
  constructor(dataSource: DataSource) {
    super(dataSource, PartyRoleEntity, 'party_role');
  }

  /** Checks the shipment or container is the caller's: 404 when it exists nowhere, 401 when it is another account's. */
  async assertRoleableOwned(scope: AccountScope, roleable: Roleable): Promise<void> {
    const { table, resourceType } = ROLEABLE_TABLES[roleable.type];
    if (!isUuid(roleable.id)) throw notFound(resourceType, roleable.id);
    const [row] = await queryRows<{ account_id: string }>(this.dataSource, `SELECT account_id FROM ${table} WHERE id = $1`, [roleable.id]);
    if (row === undefined) throw notFound(resourceType, roleable.id);
    if (row.account_id !== scope.accountId) throw unauthorized();
  }

  async listFor(scope: AccountScope, roleable: Roleable): Promise<PartyRoleEntity[]> {
    return this.scoped(scope, 'row')
      .andWhere('row.roleable_type = :type AND row.roleable_id = :id', { type: roleable.type, id: roleable.id })
      .orderBy('row.created_at', 'ASC')
      .addOrderBy('row.id', 'ASC')
      .getMany();
  }

  /** Links a party; `duplicate` when this party already has this role on this roleable. */
  async link(scope: AccountScope, partyId: string, role: PartyRoleName, roleable: Roleable): Promise<PartyRoleEntity | 'duplicate'> {
    const repository = this.repository();
    try {
      return await repository.save(
        repository.create({ account_id: scope.accountId, party_id: partyId, role, roleable_type: roleable.type, roleable_id: roleable.id }),
      );
    } catch (error) {
      if (error instanceof QueryFailedError && (error.driverError as { code?: string }).code === UNIQUE_VIOLATION) return 'duplicate';
      throw error;
    }
  }

  /** The existing link of this party in this role, if any. */
  async findLink(scope: AccountScope, partyId: string, role: PartyRoleName, roleable: Roleable): Promise<PartyRoleEntity | null> {
    return this.scoped(scope, 'row')
      .andWhere('row.party_id = :partyId AND row.role = :role', { partyId, role })
      .andWhere('row.roleable_type = :type AND row.roleable_id = :id', { type: roleable.type, id: roleable.id })
      .getOne();
  }

  /** Removes one role of `roleable`; false when no such role is attached to it. */
  async unlink(scope: AccountScope, roleable: Roleable, roleId: string): Promise<boolean> {
    if (!isUuid(roleId)) return false;
    const result = await this.repository()
      .createQueryBuilder()
      .delete()
      .where('id = :roleId AND account_id = :accountId', { roleId, accountId: scope.accountId })
      .andWhere('roleable_type = :type AND roleable_id = :id', { type: roleable.type, id: roleable.id })
      .execute();
    return (result.affected ?? 0) > 0;
  }
}
