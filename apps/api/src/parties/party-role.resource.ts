import type { PartyRoleEntity } from '@quayside/data-access';
import { relationshipByIds } from '@quayside/json-api';
import type { ResourceDefinition } from '@quayside/json-api';
import type { AccountContext } from '../tenancy/account-context';
import { PARTY_TYPE } from './party.resource';

export const PARTY_ROLE_TYPE = 'party_role';

/** docs/parties.md: a container is `Cargo`; `roleable_id` is the shipment's or container's id. */
export function partyRoleResource(
  loadParties: (ids: readonly string[], account: AccountContext) => Promise<readonly unknown[]>,
): ResourceDefinition<PartyRoleEntity, AccountContext> {
  return {
    type: PARTY_ROLE_TYPE,
    id: (role) => role.id,
    attributes: (role) => ({
      role: role.role,
      roleable_type: role.roleable_type,
      roleable_id: role.roleable_id,
      created_at: role.created_at.toISOString(),
      updated_at: role.updated_at.toISOString(),
    }),
    relationships: {
      party: relationshipByIds<PartyRoleEntity, AccountContext>(PARTY_TYPE, (role) => role.party_id, loadParties),
    },
  };
}
