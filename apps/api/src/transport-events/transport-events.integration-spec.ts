import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { RawEventEntity, TransportEventEntity, VesselEntity } from '@quayside/data-access';
import type { ContainerEntity, ProvisionedAccount } from '@quayside/data-access';
import { createContainer, createTransportEvent } from '@quayside/testing';
import { ApiTestContext, call } from '../test/api-test-app';

interface Resource {
  id: string;
  type: string;
  attributes: Record<string, unknown>;
  relationships: Record<string, { data: { id: string; type: string } | null }>;
}

describe('GET /v2/containers/{id}/transport_events', () => {
  let ctx: ApiTestContext;
  let app: NestFastifyApplication;
  let owner: ProvisionedAccount;
  let container: ContainerEntity;
  let events: TransportEventEntity[];
  let terminalId: string;
  let portId: string;

  beforeAll(async () => {
    ctx = await ApiTestContext.create();
    app = await ctx.startApp();
    owner = await ctx.account({ company: 'Owner' });
    const [terminal] = await ctx.db.dataSource.query<{ id: string; port_id: string }[]>(
      `SELECT id, port_id FROM terminals WHERE port_id IS NOT NULL LIMIT 1`,
    );
    terminalId = terminal!.id;
    portId = terminal!.port_id;
    container = await createContainer(ctx.db.dataSource, owner.account.id, { pod_terminal_id: terminalId });
    events = [
      await createTransportEvent(ctx.db.dataSource, container, {
        event: 'container.transport.vessel_loaded',
        timestamp: new Date('2026-07-20T03:00:00.000Z'),
        timezone: 'Asia/Shanghai',
        location_locode: 'CNSHA',
        vessel_name: 'EVER FORWARD',
        vessel_imo: '9850551',
        voyage_number: '1119E',
      }),
      await createTransportEvent(ctx.db.dataSource, container, { location_id: portId, terminal_id: terminalId, voyage_number: '1119E' }),
      await createTransportEvent(ctx.db.dataSource, container, {
        event: 'container.transport.full_out',
        timestamp: new Date('2026-08-15T18:00:00.000Z'),
        location_id: portId,
        terminal_id: terminalId,
        data_source: 'terminal',
      }),
    ];
  });

  afterAll(async () => {
    await ctx.close();
  });

  it('lists the normalized events in the order stored, each with its UTC timestamp and IANA zone', async () => {
    const response = await call(app, 'GET', `/v2/containers/${container.id}/transport_events`, { key: owner.key });
    expect(response.status).toBe(200);
    const data = response.json!['data'] as Resource[];
    expect(data.map((e) => e.id)).toEqual(events.map((e) => e.id));
    expect(data[0]).toEqual({
      id: events[0]!.id,
      type: 'transport_event',
      attributes: {
        event: 'container.transport.vessel_loaded',
        created_at: events[0]!.created_at.toISOString(),
        voyage_number: '1119E',
        timestamp: '2026-07-20T03:00:00.000Z',
        timezone: 'Asia/Shanghai',
        location_locode: 'CNSHA',
        data_source: 'shipping_line',
        vessel_name: 'EVER FORWARD',
        vessel_imo: '9850551',
        invalidated_at: null,
        // A milestone announces no value; value changes do (docs/containers.md).
        value: null,
      },
      relationships: {
        shipment: { data: { id: container.shipment_id, type: 'shipment' } },
        container: { data: { id: container.id, type: 'container' } },
        location: { data: null },
        terminal: { data: null },
        previous_version: { data: null },
        source_event: { data: null },
        vessel: { data: null },
      },
    });
    expect(data[2]!.relationships['location']).toEqual({ data: { id: portId, type: 'port' } });
    expect(data[2]!.relationships['terminal']).toEqual({ data: { id: terminalId, type: 'terminal' } });
    expect(response.json!['meta']).toEqual({ size: 30, total: 3 });
  });

  it('shows a corrected milestone: the superseded version with invalidated_at, the correction pointing at it (includable)', async () => {
    const corrected = await createContainer(ctx.db.dataSource, owner.account.id);
    const first = await createTransportEvent(ctx.db.dataSource, corrected, {
      event: 'container.transport.vessel_departed',
      location_locode: 'CNSHA',
      leg: 0,
    });
    await ctx.db.dataSource
      .getRepository(TransportEventEntity)
      .update({ id: first.id }, { invalidated_at: new Date('2026-08-16T00:00:00.000Z') });
    const second = await createTransportEvent(ctx.db.dataSource, corrected, {
      event: 'container.transport.vessel_departed',
      location_locode: 'CNSHA',
      leg: 0,
      timestamp: new Date('2026-08-10T16:30:00.000Z'),
      previous_version_id: first.id,
    });
    const response = await call(app, 'GET', `/v2/containers/${corrected.id}/transport_events?include=previous_version`, { key: owner.key });
    expect(response.status).toBe(200);
    const data = response.json!['data'] as Resource[];
    expect(data.map((e) => [e.id, e.attributes['invalidated_at']])).toEqual([
      [first.id, '2026-08-16T00:00:00.000Z'],
      [second.id, null],
    ]);
    expect(data[1]!.relationships['previous_version']).toEqual({ data: { id: first.id, type: 'transport_event' } });
    // Alone on its page, the correction brings the version it supersedes along.
    const page = await call(
      app,
      'GET',
      `/v2/containers/${corrected.id}/transport_events?include=previous_version&page[size]=1&page[number]=2`,
      { key: owner.key },
    );
    expect((page.json!['included'] as Resource[]).map((r) => [r.id, r.attributes['invalidated_at']])).toEqual([
      [first.id, '2026-08-16T00:00:00.000Z'],
    ]);
  });

  it('names the raw event it came from (the newest, includable) and its vessel when the IMO is known', async () => {
    const db = ctx.db.dataSource;
    const own = await createContainer(db, owner.account.id);
    const event = await createTransportEvent(db, own, {
      event: 'container.transport.vessel_loaded',
      vessel_imo: '9000001',
      vessel_name: 'QUAYSIDE TEST',
    });
    const vessel = await db.getRepository(VesselEntity).save({ name: 'QUAYSIDE TEST', imo: '9000001', mmsi: null });
    const common = {
      account_id: owner.account.id,
      container_id: own.id,
      data_source: 'shipping_line' as const,
      original_event: 'LOAD',
      transport_event_id: event.id,
    };
    const [, newer] = await db.getRepository(RawEventEntity).save([
      { ...common, dedupe_key: 'first', created_at: new Date('2026-08-01T00:00:00Z') },
      { ...common, dedupe_key: 'second', created_at: new Date('2026-08-02T00:00:00Z') },
    ]);
    const response = await call(app, 'GET', `/v2/containers/${own.id}/transport_events?include=source_event`, { key: owner.key });
    expect(response.status).toBe(200);
    const [data] = response.json!['data'] as Resource[];
    expect(data!.relationships['source_event']).toEqual({ data: { id: newer!.id, type: 'raw_event' } });
    expect(data!.relationships['vessel']).toEqual({ data: { id: vessel.id, type: 'vessel' } });
    expect((response.json!['included'] as Resource[]).map((r) => [r.type, r.id])).toEqual([['raw_event', newer!.id]]);
  });

  it('pages with links', async () => {
    const response = await call(app, 'GET', `/v2/containers/${container.id}/transport_events?page[size]=2&page[number]=2`, {
      key: owner.key,
    });
    expect((response.json!['data'] as Resource[]).map((e) => e.id)).toEqual([events[2]!.id]);
    expect(response.json!['links']).toMatchObject({ prev: expect.stringContaining('page%5Bnumber%5D=1') as unknown });
  });

  it('includes the container, the port and the terminal, each once', async () => {
    const response = await call(app, 'GET', `/v2/containers/${container.id}/transport_events?include=container,location,terminal`, {
      key: owner.key,
    });
    expect(response.status).toBe(200);
    const included = (response.json!['included'] as Resource[]).map((r) => `${r.type}:${r.id}`).sort();
    expect(included).toEqual([`container:${container.id}`, `port:${portId}`, `terminal:${terminalId}`].sort());
    const includedContainer = (response.json!['included'] as Resource[]).find((r) => r.type === 'container')!;
    expect(includedContainer.attributes['holds_at_pod_terminal']).toEqual([]);
  });

  it('includes the shipment', async () => {
    const response = await call(app, 'GET', `/v2/containers/${container.id}/transport_events?include=shipment`, { key: owner.key });
    expect(response.status).toBe(200);
    expect((response.json!['included'] as Resource[]).map((r) => `${r.type}:${r.id}`)).toEqual([`shipment:${container.shipment_id}`]);
  });

  it('answers an empty page for a container without events', async () => {
    const quiet = await createContainer(ctx.db.dataSource, owner.account.id);
    const response = await call(app, 'GET', `/v2/containers/${quiet.id}/transport_events`, { key: owner.key });
    expect(response.json).toMatchObject({ data: [], meta: { size: 30, total: 0 } });
  });

  it('answers 401 for another account’s container, 404 for an unknown one, 403 on the free plan', async () => {
    const intruder = await ctx.account({ company: 'Intruder' });
    const foreign = await call(app, 'GET', `/v2/containers/${container.id}/transport_events`, { key: intruder.key });
    expect(foreign.status).toBe(401);
    expect(foreign.json).toEqual({ errors: [expect.objectContaining({ status: '401', title: 'Unauthorized' })] });
    expect(
      (await call(app, 'GET', '/v2/containers/0f0e0d0c-0b0a-4908-8706-050403020100/transport_events', { key: intruder.key })).status,
    ).toBe(404);
    const free = await ctx.account({ plan: 'free', company: 'Free' });
    const mine = await createContainer(ctx.db.dataSource, free.account.id);
    expect((await call(app, 'GET', `/v2/containers/${mine.id}/transport_events`, { key: free.key })).status).toBe(403);
  });
});
