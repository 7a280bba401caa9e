import { Injectable } from '@nestjs/common';
import { PartyRepository, PartyRoleRepository, RecordOwnerRepository, isUuid } from '@quayside/data-access';
import type { PartyRoleEntity, Roleable } from '@quayside/data-access';
import { CONTAINER_PARTY_ROLES, conflict, notFound, unauthorized, unprocessableEntity } from '@quayside/domain';
import type { PartyRoleName, ValidationIssue } from '@quayside/domain';
import type { JsonApiInput } from '../common/json-api-body.pipe';
import type { AccountContext } from '../tenancy/account-context';
import type { PartyRoleAttributes } from './dto/party-role-attributes.dto';

const CONTAINER_ROLE: PartyRoleName = CONTAINER_PARTY_ROLES[0];

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Party roles of a shipment or a container (`Cargo`). Every call first checks the shipment or
 * container is the caller's (404 unknown, 401 another account's, docs/parties.md).
 */
@Injectable()
export class PartyRolesService {
  constructor(
    private readonly roles: PartyRoleRepository,
    private readonly parties: PartyRepository,
    private readonly owners: RecordOwnerRepository,
  ) {}

  async list(account: AccountContext, roleable: Roleable): Promise<PartyRoleEntity[]> {
    await this.roles.assertRoleableOwned(account, roleable);
    return this.roles.listFor(account, roleable);
  }

  /**
   * Links the party of `relationships.party` in `attributes.role`. Containers take only
   * `pickup_dray_carrier` (the default there); shipments any role, which must be named. A party
   * of another account is 401 before anything else is judged, like every record of another
   * account (docs/json-api.md, "Order of checks"); an unknown one is a 422 naming the member.
   * The same party in the same role twice answers 409 naming the existing role.
   */
  async link(account: AccountContext, roleable: Roleable, input: JsonApiInput<PartyRoleAttributes>): Promise<PartyRoleEntity> {
    await this.roles.assertRoleableOwned(account, roleable);
    const issues: ValidationIssue[] = [];
    const partyId = this.partyIdOf(input.relationships, issues);
    const [party] = partyId === null ? [] : await this.parties.findManyOwned(account, [partyId]);
    if (partyId !== null && party === undefined && (await this.owners.namesForeignRecord(account, [{ kind: 'party', id: partyId }]))) {
      throw unauthorized();
    }
    const role = this.roleFor(roleable, input.attributes.role, issues);
    if (partyId !== null && party === undefined && issues.length === 0) {
      issues.push({ pointer: '/data/relationships/party/data/id', detail: `No party with id ${partyId}.`, code: 'not_found' });
    }
    if (issues.length > 0 || role === null || partyId === null) throw unprocessableEntity(issues);
    const linked = await this.roles.link(account, partyId, role, roleable);
    if (linked !== 'duplicate') return linked;
    const existing = await this.roles.findLink(account, partyId, role, roleable);
    throw conflict(`This party already has the role ${role} here.`, existing ? { party_role_id: existing.id } : undefined);
  }

  async unlink(account: AccountContext, roleable: Roleable, roleId: string): Promise<void> {
    await this.roles.assertRoleableOwned(account, roleable);
    if (!(await this.roles.unlink(account, roleable, roleId))) throw notFound('party_role', roleId);
  }

  private roleFor(roleable: Roleable, role: PartyRoleName | undefined, issues: ValidationIssue[]): PartyRoleName | null {
    switch (roleable.type) {
      case 'Cargo':
        if (role === undefined || role === CONTAINER_ROLE) return CONTAINER_ROLE;
        issues.push({
          pointer: '/data/attributes/role',
          detail: `Containers accept only the role ${CONTAINER_ROLE}.`,
          code: 'invalid_role',
        });
        return null;
      case 'Shipment':
        if (role !== undefined) return role;
        issues.push({ pointer: '/data/attributes/role', detail: 'role is required.', code: 'blank' });
        return null;
    }
  }

  private partyIdOf(relationships: Record<string, unknown>, issues: ValidationIssue[]): string | null {
    const party = relationships['party'];
    const data = isObject(party) ? party['data'] : undefined;
    if (!isObject(data)) {
      issues.push({
        pointer: '/data/relationships/party',
        detail: 'relationships.party.data must be {"id": <party id>, "type": "party"}.',
        code: 'blank',
      });
      return null;
    }
    if (data['type'] !== 'party') issues.push({ pointer: '/data/relationships/party/data/type', detail: 'type must be "party".' });
    const id = data['id'];
    if (typeof id !== 'string' || !isUuid(id)) {
      issues.push({ pointer: '/data/relationships/party/data/id', detail: 'id must be the id of a party (uuid).' });
      return null;
    }
    return id;
  }
}
