import { PartyEntity, PartyRoleEntity } from '@quayside/data-access';
import type { RowWriter } from '@quayside/data-access';
import type { PartyRoleName } from '@quayside/domain';

let sequence = 0;

/** Inserts a party of `accountId`. */
export async function createParty(
  db: RowWriter,
  accountId: string,
  overrides: Partial<Pick<PartyEntity, 'company_name' | 'nickname'>> = {},
): Promise<PartyEntity> {
  sequence += 1;
  const repository = db.getRepository(PartyEntity);
  return repository.save(
    repository.create({ account_id: accountId, company_name: `Party ${sequence} Inc.`, nickname: null, ...overrides }),
  );
}

/** Links `party` to a container (`Cargo`) or a shipment in `role`. */
export async function linkParty(
  db: RowWriter,
  party: Pick<PartyEntity, 'id' | 'account_id'>,
  roleable: { type: 'Cargo' | 'Shipment'; id: string },
  role: PartyRoleName = 'pickup_dray_carrier',
): Promise<PartyRoleEntity> {
  const repository = db.getRepository(PartyRoleEntity);
  return repository.save(
    repository.create({ account_id: party.account_id, party_id: party.id, role, roleable_type: roleable.type, roleable_id: roleable.id }),
  );
}
