import { Injectable } from '@nestjs/common';
import { PartyRepository, RecordOwnerRepository, isUuid } from '@quayside/data-access';
import { unauthorized, unprocessableEntity } from '@quayside/domain';

const POINTER = '/data/relationships/customer';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reads `relationships.customer` of a tracking request document (the established API's way to
 * name the party a request is for, on create and on PATCH). Answers the party id, null when the
 * document sets `{"data": null}` (unlinks it), undefined when it does not name a customer.
 * A party of another account is 401 like every record of another account (docs/json-api.md,
 * "Order of checks"); a malformed or unknown one is a 422 naming the member.
 */
@Injectable()
export class TrackingRequestCustomerService {
  constructor(
    private readonly parties: PartyRepository,
    private readonly owners: RecordOwnerRepository,
  ) {}

  async customerIdOf(account: { accountId: string }, relationships: Record<string, unknown>): Promise<string | null | undefined> {
    if (!('customer' in relationships)) return undefined;
    const customer = relationships['customer'];
    if (!isObject(customer) || !('data' in customer)) {
      throw unprocessableEntity({
        pointer: POINTER,
        detail: 'relationships.customer must be {"data": {"id": <party id>, "type": "party"}} or {"data": null}.',
      });
    }
    const data = customer['data'];
    if (data === null) return null;
    if (!isObject(data) || data['type'] !== 'party')
      throw unprocessableEntity({ pointer: `${POINTER}/data/type`, detail: 'type must be "party".' });
    const id = data['id'];
    if (typeof id !== 'string' || !isUuid(id))
      throw unprocessableEntity({ pointer: `${POINTER}/data/id`, detail: 'id must be the id of a party (uuid).' });
    const [party] = await this.parties.findManyOwned(account, [id]);
    if (party !== undefined) return party.id;
    if (await this.owners.namesForeignRecord(account, [{ kind: 'party', id }])) throw unauthorized();
    throw unprocessableEntity({ pointer: `${POINTER}/data/id`, detail: `No party with id ${id}.`, code: 'not_found' });
  }
}
