import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { ContainerEntity, PartyEntity, ProvisionedAccount } from '@quayside/data-access';
import { PARTY_ROLES } from '@quayside/domain';
import { createContainer, createParty, createShipment, linkParty } from '@quayside/testing';
import { ApiTestContext, call } from '../test/api-test-app';
import type { InjectResult } from '../test/api-test-app';

interface Resource {
  id: string;
  type: string;
  attributes: Record<string, unknown>;
  relationships?: { party: { data: { id: string; type: string } } };
}

const roleBody = (partyId: unknown, role?: string, partyType = 'party'): unknown => ({
  data: {
    type: 'party_role',
    ...(role !== undefined ? { attributes: { role } } : {}),
    relationships: { party: { data: { id: partyId, type: partyType } } },
  },
});

function pointersOf(response: InjectResult): string[] {
  return (response.json!['errors'] as { source: { pointer: string } }[]).map((e) => e.source.pointer);
}

describe('party roles of containers (docs/parties.md) and shipments', () => {
  let ctx: ApiTestContext;
  let app: NestFastifyApplication;
  let owner: ProvisionedAccount;
  let container: ContainerEntity;
  let carriers: PartyEntity[];

  beforeAll(async () => {
    ctx = await ApiTestContext.create();
    app = await ctx.startApp();
    owner = await ctx.account({ company: 'Owner' });
    container = await createContainer(ctx.db.dataSource, owner.account.id);
    carriers = [
      await createParty(ctx.db.dataSource, owner.account.id, { company_name: 'Harbor Drayage LLC', nickname: 'Harbor' }),
      await createParty(ctx.db.dataSource, owner.account.id, { company_name: 'Bay Trucking', nickname: null }),
    ];
    for (const party of carriers) await linkParty(ctx.db.dataSource, party, { type: 'Cargo', id: container.id });
  });

  afterAll(async () => {
    await ctx.close();
  });

  it('GET lists every role of the container, one per linked party, with the parties in included', async () => {
    const response = await call(app, 'GET', `/v2/containers/${container.id}/party_roles`, { key: owner.key });
    expect(response.status).toBe(200);
    const data = response.json!['data'] as Resource[];
    const included = response.json!['included'] as Resource[];
    expect(data).toHaveLength(2);
    for (const role of data) {
      expect(role).toMatchObject({
        type: 'party_role',
        attributes: { role: 'pickup_dray_carrier', roleable_type: 'Cargo', roleable_id: container.id },
      });
      expect(role.attributes['created_at']).toMatch(/Z$/);
      expect(role.attributes['updated_at']).toMatch(/Z$/);
      expect(included.map((p) => p.id)).toContain(role.relationships!.party.data.id);
    }
    expect(data.map((r) => r.relationships!.party.data)).toEqual(carriers.map((p) => ({ id: p.id, type: 'party' })));
    expect(
      included.map((p) => ({ id: p.id, type: p.type, company_name: p.attributes['company_name'], nickname: p.attributes['nickname'] })),
    ).toEqual([
      { id: carriers[0]!.id, type: 'party', company_name: 'Harbor Drayage LLC', nickname: 'Harbor' },
      { id: carriers[1]!.id, type: 'party', company_name: 'Bay Trucking', nickname: null },
    ]);
    expect(response.json!['meta']).toEqual({ size: 2, total: 2 });
    expect((response.json!['links'] as Record<string, string>)['self']).toContain(`/v2/containers/${container.id}/party_roles`);
  });

  it('GET answers an empty list (and included) for a container without roles', async () => {
    const bare = await createContainer(ctx.db.dataSource, owner.account.id);
    const response = await call(app, 'GET', `/v2/containers/${bare.id}/party_roles`, { key: owner.key });
    expect(response.json).toMatchObject({ data: [], included: [], meta: { size: 0, total: 0 } });
  });

  it('GET answers 401 with an error body for another account’s container, 404 for an unknown one', async () => {
    const intruder = await ctx.account({ company: 'Intruder' });
    const foreign = await call(app, 'GET', `/v2/containers/${container.id}/party_roles`, { key: intruder.key });
    expect(foreign.status).toBe(401);
    expect(foreign.json).toEqual({ errors: [expect.objectContaining({ status: '401', title: 'Unauthorized' })] });
    const unknown = await call(app, 'GET', '/v2/containers/0f0e0d0c-0b0a-4908-8706-050403020100/party_roles', { key: intruder.key });
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual({ errors: [expect.objectContaining({ status: '404' })] });
  });

  it('POST links a party as pickup_dray_carrier (the default role), answers the role with its party, and DELETE unlinks it', async () => {
    const target = await createContainer(ctx.db.dataSource, owner.account.id);
    const party = await createParty(ctx.db.dataSource, owner.account.id, { company_name: 'Linked Co' });
    const created = await call(app, 'POST', `/v2/containers/${target.id}/party_roles`, { key: owner.key, body: roleBody(party.id) });
    expect(created.status).toBe(201);
    const role = created.json!['data'] as Resource;
    expect(role).toMatchObject({
      attributes: { role: 'pickup_dray_carrier', roleable_type: 'Cargo', roleable_id: target.id },
      relationships: { party: { data: { id: party.id } } },
    });
    expect((created.json!['included'] as Resource[]).map((p) => p.id)).toEqual([party.id]);

    const again = await call(app, 'POST', `/v2/containers/${target.id}/party_roles`, {
      key: owner.key,
      body: roleBody(party.id, 'pickup_dray_carrier'),
    });
    expect(again.status).toBe(409);
    expect(again.json).toEqual({ errors: [expect.objectContaining({ status: '409', meta: { party_role_id: role.id } })] });

    expect((await call(app, 'DELETE', `/v2/containers/${target.id}/party_roles/${role.id}`, { key: owner.key })).status).toBe(204);
    expect((await call(app, 'GET', `/v2/containers/${target.id}/party_roles`, { key: owner.key })).json).toMatchObject({ data: [] });
    expect((await call(app, 'DELETE', `/v2/containers/${target.id}/party_roles/${role.id}`, { key: owner.key })).status).toBe(404);
  });

  it.each(PARTY_ROLES.filter((role) => role !== 'pickup_dray_carrier'))(
    'POST refuses the role %s on a container with 422 at /data/attributes/role',
    async (role) => {
      const response = await call(app, 'POST', `/v2/containers/${container.id}/party_roles`, {
        key: owner.key,
        body: roleBody(carriers[0]!.id, role),
      });
      expect(response.status).toBe(422);
      expect(pointersOf(response)).toEqual(['/data/attributes/role']);
    },
  );

  it.each([
    ['an unknown role', roleBody('0f0e0d0c-0b0a-4908-8706-050403020100', 'captain'), ['/data/attributes/role']],
    ['no party relationship', { data: { type: 'party_role', attributes: {} } }, ['/data/relationships/party']],
    ['a party id that is not an id', roleBody('nope'), ['/data/relationships/party/data/id']],
    ['a party that exists nowhere', roleBody('0f0e0d0c-0b0a-4908-8706-050403020100'), ['/data/relationships/party/data/id']],
    [
      'the wrong relationship type',
      roleBody('0f0e0d0c-0b0a-4908-8706-050403020100', undefined, 'container'),
      ['/data/relationships/party/data/type'],
    ],
  ])('POST answers %s with 422 and a pointer', async (_label, body, pointers) => {
    const response = await call(app, 'POST', `/v2/containers/${container.id}/party_roles`, { key: owner.key, body });
    expect(response.status).toBe(422);
    expect(pointersOf(response)).toEqual(pointers);
  });

  it('POST will not link another account’s party (401, as for any record of another account) nor touch another account’s container (401)', async () => {
    const other = await ctx.account({ company: 'Other' });
    const theirs = await createParty(ctx.db.dataSource, other.account.id);
    const borrowing = await call(app, 'POST', `/v2/containers/${container.id}/party_roles`, { key: owner.key, body: roleBody(theirs.id) });
    expect(borrowing.status).toBe(401);
    // Even with another mistake in the same request, tenancy answers first.
    const withBadRole = await call(app, 'POST', `/v2/containers/${container.id}/party_roles`, {
      key: owner.key,
      body: {
        data: { type: 'party_role', attributes: { role: 'shipper' }, relationships: { party: { data: { type: 'party', id: theirs.id } } } },
      },
    });
    expect(withBadRole.status).toBe(401);
    const unknown = await call(app, 'POST', `/v2/containers/${container.id}/party_roles`, {
      key: owner.key,
      body: roleBody('0f0e0d0c-0b0a-4908-8706-050403020100'),
    });
    expect(unknown.status).toBe(422);
    expect(pointersOf(unknown)).toEqual(['/data/relationships/party/data/id']);
    const mine = await createParty(ctx.db.dataSource, other.account.id);
    const intruding = await call(app, 'POST', `/v2/containers/${container.id}/party_roles`, { key: other.key, body: roleBody(mine.id) });
    expect(intruding.status).toBe(401);
    const [role] = (await call(app, 'GET', `/v2/containers/${container.id}/party_roles`, { key: owner.key })).json!['data'] as Resource[];
    expect((await call(app, 'DELETE', `/v2/containers/${container.id}/party_roles/${role!.id}`, { key: other.key })).status).toBe(401);
    expect((await call(app, 'GET', `/v2/containers/${container.id}/party_roles`, { key: owner.key })).json!['data']).toHaveLength(2);
  });

  describe('shipments take any of the seven roles', () => {
    it('links one party per role and lists them as Shipment roles', async () => {
      const shipment = await createShipment(ctx.db.dataSource, owner.account.id);
      const party = await createParty(ctx.db.dataSource, owner.account.id, { company_name: 'Everything Inc.' });
      for (const role of PARTY_ROLES) {
        const response = await call(app, 'POST', `/v2/shipments/${shipment.id}/party_roles`, {
          key: owner.key,
          body: roleBody(party.id, role),
        });
        expect(response.status).toBe(201);
      }
      const listed = await call(app, 'GET', `/v2/shipments/${shipment.id}/party_roles`, { key: owner.key });
      const data = listed.json!['data'] as Resource[];
      expect(data.map((r) => r.attributes['role'])).toEqual([...PARTY_ROLES]);
      expect(data.every((r) => r.attributes['roleable_type'] === 'Shipment' && r.attributes['roleable_id'] === shipment.id)).toBe(true);
      expect((listed.json!['included'] as Resource[]).map((p) => p.id)).toEqual([party.id]);
      expect((await call(app, 'DELETE', `/v2/shipments/${shipment.id}/party_roles/${data[0]!.id}`, { key: owner.key })).status).toBe(204);
    });

    it('needs the role named on a shipment (422), and answers 401/404 for foreign/unknown shipments', async () => {
      const shipment = await createShipment(ctx.db.dataSource, owner.account.id);
      const missing = await call(app, 'POST', `/v2/shipments/${shipment.id}/party_roles`, {
        key: owner.key,
        body: roleBody(carriers[0]!.id),
      });
      expect(missing.status).toBe(422);
      expect(pointersOf(missing)).toEqual(['/data/attributes/role']);
      const intruder = await ctx.account({ company: 'Shipment Intruder' });
      expect((await call(app, 'GET', `/v2/shipments/${shipment.id}/party_roles`, { key: intruder.key })).status).toBe(401);
      expect((await call(app, 'GET', '/v2/shipments/0f0e0d0c-0b0a-4908-8706-050403020100/party_roles', { key: intruder.key })).status).toBe(
        404,
      );
      // A container id is not a shipment id.
      expect((await call(app, 'GET', `/v2/shipments/${container.id}/party_roles`, { key: owner.key })).status).toBe(404);
    });
  });
});
