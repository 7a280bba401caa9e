import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { ProvisionedAccount } from '@quayside/data-access';
import { ApiTestContext, call } from '../test/api-test-app';

interface PartyResource {
  id: string;
  type: string;
  attributes: { company_name: string; nickname: string | null; created_at: string; updated_at: string };
  links: { self: string };
}

const partyBody = (attributes: Record<string, unknown>): unknown => ({ data: { type: 'party', attributes } });

describe('parties: GET/POST /v2/parties, GET/PATCH /v2/parties/{id}', () => {
  let ctx: ApiTestContext;
  let app: NestFastifyApplication;
  let owner: ProvisionedAccount;

  const createParty = async (account: ProvisionedAccount, attributes: Record<string, unknown>): Promise<PartyResource> => {
    const response = await call(app, 'POST', '/v2/parties', { key: account.key, body: partyBody(attributes) });
    expect(response.status).toBe(201);
    return response.json!['data'] as PartyResource;
  };

  beforeAll(async () => {
    ctx = await ApiTestContext.create();
    app = await ctx.startApp();
    owner = await ctx.account({ company: 'Owner' });
  });

  afterAll(async () => {
    await ctx.close();
  });

  it('creates a party with a company name and an optional nickname, and reads it back', async () => {
    const party = await createParty(owner, { company_name: '  Harbor Drayage LLC ', nickname: 'Harbor' });
    expect(party).toMatchObject({
      type: 'party',
      attributes: { company_name: 'Harbor Drayage LLC', nickname: 'Harbor' },
      links: { self: `/v2/parties/${party.id}` },
    });
    const read = await call(app, 'GET', `/v2/parties/${party.id}`, { key: owner.key });
    expect(read.status).toBe(200);
    expect(read.json!['data']).toEqual(party);
    const plain = await createParty(owner, { company_name: 'No Nickname Co' });
    expect(plain.attributes.nickname).toBeNull();
  });

  it('lists the account’s parties oldest first, paginated, with links and meta', async () => {
    const lister = await ctx.account({ company: 'Lister' });
    const made = [];
    for (const name of ['Alpha', 'Bravo', 'Charlie']) made.push(await createParty(lister, { company_name: name }));
    const first = await call(app, 'GET', '/v2/parties?page[size]=2', { key: lister.key });
    expect((first.json!['data'] as PartyResource[]).map((p) => p.attributes.company_name)).toEqual(['Alpha', 'Bravo']);
    expect(first.json!['meta']).toEqual({ size: 2, total: 3 });
    expect((first.json!['links'] as Record<string, string>)['next']).toContain('page%5Bnumber%5D=2');
    const second = await call(app, 'GET', '/v2/parties?page[size]=2&page[number]=2', { key: lister.key });
    expect((second.json!['data'] as PartyResource[]).map((p) => p.id)).toEqual([made[2]!.id]);
  });

  it('updates only the attributes sent; a null nickname clears it', async () => {
    const party = await createParty(owner, { company_name: 'Old Name', nickname: 'Old' });
    const renamed = await call(app, 'PATCH', `/v2/parties/${party.id}`, { key: owner.key, body: partyBody({ company_name: 'New Name' }) });
    expect(renamed.status).toBe(200);
    expect((renamed.json!['data'] as PartyResource).attributes).toMatchObject({ company_name: 'New Name', nickname: 'Old' });
    const cleared = await call(app, 'PATCH', `/v2/parties/${party.id}`, { key: owner.key, body: partyBody({ nickname: null }) });
    expect((cleared.json!['data'] as PartyResource).attributes).toMatchObject({ company_name: 'New Name', nickname: null });
  });

  it.each([
    ['POST without company_name', 'POST', {}, '/data/attributes/company_name'],
    ['POST with an empty company_name', 'POST', { company_name: '' }, '/data/attributes/company_name'],
    ['POST with a number as nickname', 'POST', { company_name: 'X', nickname: 7 }, '/data/attributes/nickname'],
    ['PATCH emptying company_name', 'PATCH', { company_name: '' }, '/data/attributes/company_name'],
    ['PATCH with a null company_name', 'PATCH', { company_name: null }, '/data/attributes/company_name'],
  ])('answers %s with 422 pointing at the attribute', async (_label, method, attributes, pointer) => {
    const party = await createParty(owner, { company_name: 'Target' });
    const url = method === 'POST' ? '/v2/parties' : `/v2/parties/${party.id}`;
    const response = await call(app, method, url, { key: owner.key, body: partyBody(attributes) });
    expect(response.status).toBe(422);
    const errors = response.json!['errors'] as { status: string; source: { pointer: string } }[];
    expect(errors.every((e) => e.status === '422' && e.source.pointer === pointer)).toBe(true);
  });

  it('answers 401 for another account’s party, 404 for an unknown one, and lists only the caller’s', async () => {
    const party = await createParty(owner, { company_name: 'Private' });
    const intruder = await ctx.account({ company: 'Intruder' });
    for (const [method, body] of [
      ['GET', undefined],
      ['PATCH', partyBody({ company_name: 'Hijacked' })],
    ] as const) {
      const response = await call(app, method, `/v2/parties/${party.id}`, { key: intruder.key, ...(body ? { body } : {}) });
      expect(response.status).toBe(401);
      expect(response.json).toEqual({ errors: [expect.objectContaining({ status: '401', title: 'Unauthorized' })] });
    }
    expect((await call(app, 'GET', `/v2/parties/${party.id}`, { key: owner.key })).json!['data']).toMatchObject({
      attributes: { company_name: 'Private' },
    });
    expect((await call(app, 'GET', '/v2/parties/0f0e0d0c-0b0a-4908-8706-050403020100', { key: intruder.key })).status).toBe(404);
    expect((await call(app, 'GET', '/v2/parties', { key: intruder.key })).json).toMatchObject({ data: [], meta: { total: 0 } });
  });

  it('is open to the free plan (parties are the client’s own records, not tracking data)', async () => {
    const free = await ctx.account({ plan: 'free', company: 'Free' });
    await createParty(free, { company_name: 'Free Trucking' });
    expect((await call(app, 'GET', '/v2/parties', { key: free.key })).status).toBe(200);
  });
});
