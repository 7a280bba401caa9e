import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { ProvisionedAccount } from '@quayside/data-access';
import { ApiTestContext, call } from '../test/api-test-app';
import type { InjectResult } from '../test/api-test-app';
import { dataOf, errorsOf } from '../test/json-api-response';
import { serveCarriers } from '@quayside/testing';

const document = (attributes: Record<string, unknown>, relationships?: Record<string, unknown>): unknown => ({
  data: { type: 'tracking_request', attributes, ...(relationships ? { relationships } : {}) },
});
const customer = (id: string | null): Record<string, unknown> => ({ customer: { data: id === null ? null : { type: 'party', id } } });

describe('tracking requests: customer (a party), user and shipment_tags', () => {
  let ctx: ApiTestContext;
  let app: NestFastifyApplication;
  let owner: ProvisionedAccount;
  let stranger: ProvisionedAccount;
  let partyId: string;
  let strangersPartyId: string;
  let serial = 0;

  const party = async (account: ProvisionedAccount, name: string): Promise<string> =>
    dataOf(
      await call(app, 'POST', '/v2/parties', { key: account.key, body: { data: { type: 'party', attributes: { company_name: name } } } }),
    ).id;
  const create = (attributes: Record<string, unknown>, relationships?: Record<string, unknown>): Promise<InjectResult> => {
    serial += 1;
    const number = `MEDUCUST${String(serial).padStart(4, '0')}`;
    return call(app, 'POST', '/v2/tracking_requests', {
      key: owner.key,
      body: document({ request_number: number, request_type: 'bill_of_lading', scac: 'MSCU', ...attributes }, relationships),
    });
  };
  const patch = (id: string, attributes: Record<string, unknown>, relationships?: Record<string, unknown>): Promise<InjectResult> =>
    call(app, 'PATCH', `/v2/tracking_requests/${id}`, { key: owner.key, body: document(attributes, relationships) });

  beforeAll(async () => {
    ctx = await ApiTestContext.create();
    // A tracker-worker configured with these lines serves them (docs/carriers.md, "What this server tracks").
    await serveCarriers(ctx.db.dataSource, ['MSCU']);
    app = await ctx.startApp();
    owner = await ctx.account({ company: 'Owner' });
    stranger = await ctx.account({ company: 'Stranger' });
    partyId = await party(owner, 'Acme Imports');
    strangersPartyId = await party(stranger, 'Not Yours Ltd');
  });

  afterAll(async () => {
    await ctx.close();
  });

  it('links the customer named on create, shows it and includes the party on request', async () => {
    const created = await create({}, customer(partyId));
    expect(created.status).toBe(201);
    expect(dataOf(created).relationships).toMatchObject({ customer: { data: { type: 'party', id: partyId } }, user: { data: null } });
    const read = await call(app, 'GET', `/v2/tracking_requests/${dataOf(created).id}?include=customer`, { key: owner.key });
    expect(read.status).toBe(200);
    expect(read.json!['included']).toMatchObject([{ type: 'party', id: partyId, attributes: { company_name: 'Acme Imports' } }]);
  });

  it("includes the customer on every plan: a party is the account's own record, not tracking data", async () => {
    const free = await ctx.account({ company: 'Free', plan: 'free' });
    const freeParty = await party(free, 'Free Imports');
    const created = await call(app, 'POST', '/v2/tracking_requests', {
      key: free.key,
      body: document({ request_number: 'MEDUFREE0001', request_type: 'bill_of_lading', scac: 'MSCU' }, customer(freeParty)),
    });
    expect(created.status).toBe(201);
    const read = await call(app, 'GET', `/v2/tracking_requests/${dataOf(created).id}?include=customer`, { key: free.key });
    expect(read.status).toBe(200);
    expect(read.json!['included']).toMatchObject([{ type: 'party', id: freeParty }]);
    expect((await call(app, 'GET', '/v2/tracking_requests?include=customer,tracked_object', { key: free.key })).status).toBe(403);
  });

  it('has no customer when none was named', async () => {
    const created = await create({});
    expect(dataOf(created).relationships).toMatchObject({ customer: { data: null } });
  });

  it('sets and unlinks the customer with PATCH, leaving the lists alone', async () => {
    const id = dataOf(await create({ tags: ['keep'] })).id;
    const linked = await patch(id, {}, customer(partyId));
    expect(linked.status).toBe(200);
    expect(dataOf(linked).relationships).toMatchObject({ customer: { data: { type: 'party', id: partyId } } });
    expect(dataOf(linked).attributes).toMatchObject({ tags: ['keep'] });
    const unlinked = await patch(id, {}, customer(null));
    expect(dataOf(unlinked).relationships).toMatchObject({ customer: { data: null } });
  });

  it("answers 401 for another account's party and creates nothing", async () => {
    const response = await create({}, customer(strangersPartyId));
    expect(response.status).toBe(401);
    const listed = await call(app, 'GET', '/v2/tracking_requests?filter[request_number]=' + `MEDUCUST${String(serial).padStart(4, '0')}`, {
      key: owner.key,
    });
    expect(listed.json!['meta']).toMatchObject({ total: 0 });
  });

  it.each([
    [
      'an unknown party',
      { customer: { data: { type: 'party', id: '0f0e0d0c-0b0a-4908-8706-050403020100' } } },
      '/data/relationships/customer/data/id',
    ],
    ['a party id that is not an id', { customer: { data: { type: 'party', id: 'acme' } } }, '/data/relationships/customer/data/id'],
    [
      'another type',
      { customer: { data: { type: 'shipment', id: '0f0e0d0c-0b0a-4908-8706-050403020100' } } },
      '/data/relationships/customer/data/type',
    ],
    ['no data member', { customer: { id: 'x' } }, '/data/relationships/customer'],
  ])('answers 422 naming the member for %s', async (_label, relationships, pointer) => {
    const response = await create({}, relationships);
    expect(response.status).toBe(422);
    expect(errorsOf(response).map((e) => e.source)).toEqual([{ pointer }]);
  });

  it('shows the tags for the shipment as shipment_tags too, and PATCH accepts that name', async () => {
    const created = await create({ tags: ['a'], shipment_tags: ['b', 'a'] });
    expect(dataOf(created).attributes).toMatchObject({ tags: ['a', 'b'], shipment_tags: ['a', 'b'] });
    const patched = await patch(dataOf(created).id, { shipment_tags: ['c'] });
    expect(dataOf(patched).attributes).toMatchObject({ tags: ['c'], shipment_tags: ['c'] });
  });
});
