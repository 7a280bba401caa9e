import type { PartyEntity } from '@quayside/data-access';
import type { ResourceDefinition } from '@quayside/json-api';
import type { AccountContext } from '../tenancy/account-context';

export const PARTY_TYPE = 'party';

export const partyResource: ResourceDefinition<PartyEntity, AccountContext> = {
  type: PARTY_TYPE,
  id: (party) => party.id,
  attributes: (party) => ({
    company_name: party.company_name,
    nickname: party.nickname,
    created_at: party.created_at.toISOString(),
    updated_at: party.updated_at.toISOString(),
  }),
  selfLink: (party) => `/v2/parties/${party.id}`,
};
