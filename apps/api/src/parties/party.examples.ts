import { SAMPLE_IDS, exampleList, exampleOne, exampleRequest } from '../openapi/example-documents';

/** OpenAPI examples of the party and party role endpoints: the drayage company that picks up the sample container. */

export const PARTY_ID = '3f6d2a9e-5b1c-4e7a-9c08-1d2e4f6a8b0c';
const PARTY_ATTRIBUTES = {
  company_name: 'Harbor Drayage LLC',
  nickname: 'Harbor',
  created_at: '2026-07-30T16:20:41.000Z',
  updated_at: '2026-07-30T16:20:41.000Z',
};
const PARTY = { id: PARTY_ID, type: 'party', attributes: PARTY_ATTRIBUTES, links: { self: `/v2/parties/${PARTY_ID}` } };

export const PARTY_LIST_EXAMPLE = exampleList('/v2/parties', [PARTY]);
export const PARTY_EXAMPLE = exampleOne(PARTY);
export const CREATE_PARTY_BODY_EXAMPLE = {
  drayageCompany: { value: exampleRequest('party', { company_name: 'Harbor Drayage LLC', nickname: 'Harbor' }) },
};
export const UPDATE_PARTY_BODY_EXAMPLE = { rename: { value: exampleRequest('party', { company_name: 'Harbor Drayage & Logistics LLC' }) } };
export const UPDATED_PARTY_EXAMPLE = exampleOne({
  ...PARTY,
  attributes: { ...PARTY_ATTRIBUTES, company_name: 'Harbor Drayage & Logistics LLC', updated_at: '2026-08-14T11:02:09.000Z' },
});

/** A party role on the sample container (`owner` `container`) or shipment. */
function partyRole(owner: string): object {
  const container = owner === 'container';
  const id = container ? '8a1e5c3d-7b2f-4d6a-9e0c-4f5b6a7d8e9f' : '2c4e6a8b-0d1f-4a3c-8e5b-7d9f1a3c5e7b';
  return {
    id,
    type: 'party_role',
    attributes: {
      role: container ? 'pickup_dray_carrier' : 'customs_broker',
      roleable_type: container ? 'Cargo' : 'Shipment',
      roleable_id: container ? SAMPLE_IDS.container : SAMPLE_IDS.shipment,
      created_at: '2026-08-14T11:05:00.000Z',
      updated_at: '2026-08-14T11:05:00.000Z',
    },
    relationships: { party: { data: { id: PARTY_ID, type: 'party' } } },
  };
}

export const partyRoleListExample = (owner: string): object =>
  exampleList(
    `/v2/${owner}s/${owner === 'container' ? SAMPLE_IDS.container : SAMPLE_IDS.shipment}/party_roles`,
    [partyRole(owner)],
    [PARTY],
  );
export const partyRoleExample = (owner: string): object => exampleOne(partyRole(owner), [PARTY]);
export const partyRoleBodyExample = (owner: string): Record<string, { value: object }> => ({
  [owner === 'container' ? 'pickupDrayCarrier' : 'customsBroker']: {
    value: exampleRequest(
      'party_role',
      { role: owner === 'container' ? 'pickup_dray_carrier' : 'customs_broker' },
      { relationships: { party: { data: { id: PARTY_ID, type: 'party' } } } },
    ),
  },
});
