import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { RawEventEntity } from '@quayside/data-access';
import type { ContainerEntity, ProvisionedAccount, TransportEventEntity } from '@quayside/data-access';
import { createContainer, createTransportEvent } from '@quayside/testing';
import { ApiTestContext, call } from '../test/api-test-app';

interface Resource {
  id: string;
  type: string;
  attributes: Record<string, unknown>;
  relationships: Record<string, { data: { id: string; type: string } | Array<{ id: string; type: string }> | null }>;
}

describe('raw events, the pickup facility and editing a container', () => {
  let ctx: ApiTestContext;
  let app: NestFastifyApplication;
  let owner: ProvisionedAccount;
  let container: ContainerEntity;
  let loaded: TransportEventEntity;
  let raw: RawEventEntity[];
  let terminals: Array<{ id: string; port_id: string }>;

  beforeAll(async () => {
    ctx = await ApiTestContext.create();
    app = await ctx.startApp();
    owner = await ctx.account({ company: 'Owner' });
    terminals = await ctx.db.dataSource.query(`SELECT id, port_id FROM terminals WHERE port_id IS NOT NULL ORDER BY id LIMIT 2`);
    container = await createContainer(ctx.db.dataSource, owner.account.id, { pod_terminal_id: terminals[0]!.id });
    loaded = await createTransportEvent(ctx.db.dataSource, container, {
      event: 'container.transport.vessel_loaded',
      timestamp: new Date('2026-07-20T03:00:00.000Z'),
      timezone: 'Asia/Shanghai',
      location_locode: 'CNSHA',
      vessel_name: 'EVER FORWARD',
      vessel_imo: '9850551',
    });
    const common = {
      account_id: owner.account.id,
      container_id: container.id,
      data_source: 'shipping_line' as const,
      data_provider_code: 'TEST',
      location_locode: 'CNSHA',
      location_name: 'Shanghai',
    };
    raw = await ctx.db.dataSource.getRepository(RawEventEntity).save([
      {
        ...common,
        event: 'container.transport.vessel_loaded',
        original_event: 'EQUIPMENT LOAD ACT LADEN',
        timestamp: new Date('2026-07-20T03:00:00.000Z'),
        timezone: 'Asia/Shanghai',
        index: 0,
        vessel_name: 'EVER FORWARD',
        vessel_imo: '9850551',
        voyage_number: '1119E',
        transport_event_id: loaded.id,
        dedupe_key: 'a',
      },
      {
        ...common,
        event: 'container.transport.estimated.vessel_arrived',
        original_event: 'TRANSPORT ARRI EST',
        timestamp: new Date('2026-08-14T16:00:00.000Z'),
        estimated: true,
        index: 1,
        dedupe_key: 'b',
        location_locode: 'USLAX',
        location_name: null,
      },
    ]);
  });

  afterAll(async () => {
    await ctx.close();
  });

  it('GET /containers/{id}/raw_events: each report as received, what it mapped to, its vessel by IMO', async () => {
    const response = await call(app, 'GET', `/v2/containers/${container.id}/raw_events?include=transport_event`, { key: owner.key });
    expect(response.status).toBe(200);
    const data = response.json!['data'] as Resource[];
    expect(data.map((r) => r.id)).toEqual(raw.map((r) => r.id));
    expect(data[0]!.attributes).toMatchObject({
      event: 'vessel_loaded',
      mapped_event: 'container.transport.vessel_loaded',
      original_event: 'EQUIPMENT LOAD ACT LADEN',
      timestamp: '2026-07-20T03:00:00.000Z',
      estimated: false,
      actual_at: '2026-07-20T03:00:00.000Z',
      actual_on: '2026-07-20',
      estimated_at: null,
      will_occur_at: null,
      index: 0,
      invalidated_at: null,
      location_locode: 'CNSHA',
      location_name: 'Shanghai',
      vessel_imo: '9850551',
      voyage_number: '1119E',
      data_source: 'shipping_line',
      data_provider_code: 'TEST',
      data_provider_name: null,
    });
    expect(data[1]!.attributes).toMatchObject({
      event: 'vessel_arrived',
      estimated: true,
      actual_at: null,
      estimated_at: '2026-08-14T16:00:00.000Z',
      will_occur_at: '2026-08-14T16:00:00.000Z',
      estimated_on: '2026-08-14',
    });
    const [vessel] = await ctx.db.dataSource.query<Array<{ id: string }>>(`SELECT id FROM vessels WHERE imo = '9850551'`);
    expect(data[0]!.relationships['vessel']).toEqual({ data: { id: vessel!.id, type: 'vessel' } });
    expect(data[0]!.relationships['transport_event']).toEqual({ data: { id: loaded.id, type: 'transport_event' } });
    expect(data[1]!.relationships['vessel']).toEqual({ data: null });
    expect((response.json!['included'] as Resource[]).map((r) => [r.type, r.id])).toEqual([['transport_event', loaded.id]]);
  });

  it('a container names its raw events and its pickup facility, and includes them', async () => {
    const response = await call(app, 'GET', `/v2/containers/${container.id}?include=pickup_facility,raw_events`, { key: owner.key });
    expect(response.status).toBe(200);
    const data = response.json!['data'] as Resource;
    expect(data.relationships['pickup_facility']).toEqual({ data: { id: terminals[0]!.id, type: 'terminal' } });
    expect(data.relationships['raw_events']).toEqual({ data: raw.map((r) => ({ id: r.id, type: 'raw_event' })) });
    const included = (response.json!['included'] as Resource[]).map((r) => `${r.type} ${r.id}`).sort();
    expect(included).toEqual([`terminal ${terminals[0]!.id}`, ...raw.map((r) => `raw_event ${r.id}`)].sort());
  });

  it('a container that goes on by rail is picked up at the inland terminal; null while that is not known', async () => {
    const shipmentId = container.shipment_id!;
    const byRail = await createContainer(ctx.db.dataSource, owner.account.id, {
      shipment_id: shipmentId,
      pod_terminal_id: terminals[0]!.id,
      pod_rail_carrier_scac: 'UPRR',
    });
    const before = await call(app, 'GET', `/v2/containers/${byRail.id}`, { key: owner.key });
    expect((before.json!['data'] as Resource).relationships['pickup_facility']).toEqual({ data: null });
    await ctx.db.dataSource.query(`UPDATE shipments SET destination_terminal_id = $1 WHERE id = $2`, [terminals[1]!.id, shipmentId]);
    const after = await call(app, 'GET', `/v2/containers/${byRail.id}`, { key: owner.key });
    expect((after.json!['data'] as Resource).relationships['pickup_facility']).toEqual({
      data: { id: terminals[1]!.id, type: 'terminal' },
    });
  });

  it('PATCH /containers (id in the body, as the established clients send it) and PATCH /containers/{id} replace ref_numbers', async () => {
    const inBody = await call(app, 'PATCH', '/v2/containers', {
      key: owner.key,
      body: { data: { id: container.id, type: 'container', attributes: { ref_numbers: ['REF-1'] } } },
    });
    expect(inBody.status).toBe(200);
    expect((inBody.json!['data'] as Resource).attributes['ref_numbers']).toEqual(['REF-1']);
    const inPath = await call(app, 'PATCH', `/v2/containers/${container.id}`, {
      key: owner.key,
      body: { data: { type: 'container', attributes: { ref_numbers: ['REF-2', 'REF-3'] } } },
    });
    expect(inPath.status).toBe(200);
    expect((inPath.json!['data'] as Resource).attributes['ref_numbers']).toEqual(['REF-2', 'REF-3']);

    const noId = await call(app, 'PATCH', '/v2/containers', {
      key: owner.key,
      body: { data: { type: 'container', attributes: { ref_numbers: ['X'] } } },
    });
    expect(noId.status).toBe(422);
    expect(noId.body).toContain('/data/id');
    const badList = await call(app, 'PATCH', `/v2/containers/${container.id}`, {
      key: owner.key,
      body: { data: { type: 'container', attributes: { ref_numbers: 'X' } } },
    });
    expect(badList.status).toBe(422);
    expect(badList.body).toContain('ref_numbers');
  });

  it('answers 401 for another account’s container, 404 for an unknown one, 403 on the free plan', async () => {
    const other = await ctx.account({ company: 'Other' });
    expect((await call(app, 'GET', `/v2/containers/${container.id}/raw_events`, { key: other.key })).status).toBe(401);
    expect(
      (
        await call(app, 'PATCH', '/v2/containers', {
          key: other.key,
          body: { data: { id: container.id, type: 'container', attributes: { ref_numbers: [] } } },
        })
      ).status,
    ).toBe(401);
    expect((await call(app, 'GET', '/v2/containers/00000000-0000-4000-8000-000000000000/raw_events', { key: owner.key })).status).toBe(404);
    const free = await ctx.account({ plan: 'free', company: 'Free' });
    const freeContainer = await createContainer(ctx.db.dataSource, free.account.id);
    expect((await call(app, 'GET', `/v2/containers/${freeContainer.id}/raw_events`, { key: free.key })).status).toBe(403);
  });
});
