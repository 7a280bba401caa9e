import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { RailTerminalRepository, ShipmentEntity } from '@quayside/data-access';
import type { ContainerEntity, ProvisionedAccount, TransportEventEntity } from '@quayside/data-access';
import { createContainer, createTransportEvent } from '@quayside/testing';
import { ApiTestContext, call } from '../test/api-test-app';

interface Identifier {
  id: string;
  type: string;
}
interface Resource extends Identifier {
  attributes: Record<string, unknown>;
  relationships?: Record<string, { data: Identifier | null }>;
}

/**
 * An inland rail facility recorded the way the tracker records what a rail carrier reports
 * (`RailTerminalRepository.record`, apps/tracker-worker rail-facilities.integration-spec.ts plays
 * the sandbox end to end), served as the reference's `rail_terminal`: a shipment's
 * `destination_terminal`, a rail event's `terminal`, and includes of both.
 */
describe('rail terminals served where the reference allows them', () => {
  let ctx: ApiTestContext;
  let app: NestFastifyApplication;
  let owner: ProvisionedAccount;
  let railTerminalId: string;
  let terminalId: string;
  let metroAreaId: string;
  let portId: string | null;
  let container: ContainerEntity;
  let events: Record<'discharged' | 'railLoaded' | 'railArrived' | 'fullOut', TransportEventEntity>;

  beforeAll(async () => {
    ctx = await ApiTestContext.create();
    app = await ctx.startApp();
    owner = await ctx.account({ company: 'Rail shipper' });
    const railTerminals = new RailTerminalRepository(ctx.db.dataSource);
    railTerminalId = (await railTerminals.record({ name: 'Test Intermodal Ramp', firmsCode: 'ZR01', locode: 'USCHI' }))!;
    const [metro] = await ctx.db.dataSource.query<{ id: string }[]>(`SELECT id FROM metro_areas WHERE code = 'USCHI'`);
    metroAreaId = metro!.id;
    const [port] = await ctx.db.dataSource.query<{ id: string }[]>(`SELECT id FROM ports WHERE code = 'USCHI'`);
    portId = port?.id ?? null;
    const [terminal] = await ctx.db.dataSource.query<{ id: string }[]>(`SELECT id FROM terminals WHERE port_id IS NOT NULL LIMIT 1`);
    terminalId = terminal!.id;
    container = await createContainer(ctx.db.dataSource, owner.account.id, {
      pod_terminal_id: terminalId,
      pod_rail_carrier_scac: 'TSTR',
      ind_rail_carrier_scac: 'TSTR',
      ind_rail_terminal_id: railTerminalId,
    });
    await ctx.db.dataSource
      .getRepository(ShipmentEntity)
      .update({ id: container.shipment_id! }, { destination_locode: 'USCHI', destination_name: 'Chicago', pod_terminal_id: terminalId });
    events = {
      discharged: await createTransportEvent(ctx.db.dataSource, container, { terminal_id: terminalId }),
      railLoaded: await createTransportEvent(ctx.db.dataSource, container, {
        event: 'container.transport.rail_loaded',
        data_source: 'rail',
        timestamp: new Date('2026-08-12T10:00:00Z'),
      }),
      railArrived: await createTransportEvent(ctx.db.dataSource, container, {
        event: 'container.transport.rail_arrived',
        data_source: 'rail',
        location_locode: 'USCHI',
        timezone: 'America/Chicago',
        timestamp: new Date('2026-08-15T10:00:00Z'),
      }),
      // At the same place, but not a rail milestone: the reference data knows no terminal for it.
      fullOut: await createTransportEvent(ctx.db.dataSource, container, {
        event: 'container.transport.full_out',
        location_locode: 'USCHI',
        timestamp: new Date('2026-08-16T10:00:00Z'),
      }),
    };
  });

  afterAll(async () => {
    await ctx.close();
  });

  it('records a facility once, whichever spelling or report names it', async () => {
    const railTerminals = new RailTerminalRepository(ctx.db.dataSource);
    await expect(railTerminals.record({ name: 'TEST INTERMODAL RAMP (CHICAGO)', firmsCode: 'zr01', locode: null })).resolves.toBe(
      railTerminalId,
    );
    const named = await railTerminals.record({ name: 'Test  Ramp, North', firmsCode: null, locode: 'USCHI' });
    await expect(railTerminals.record({ name: 'test ramp north', firmsCode: null, locode: 'uschi' })).resolves.toBe(named);
    expect(named).not.toBe(railTerminalId);
  });

  it("serves the shipment's destination_terminal as the rail terminal, with its port and metro area includable", async () => {
    const response = await call(
      app,
      'GET',
      `/v2/shipments/${container.shipment_id}?include=destination_terminal,destination_terminal.port,pod_terminal`,
      { key: owner.key },
    );
    expect(response.status).toBe(200);
    const data = response.json!['data'] as Resource;
    expect(data.relationships?.['destination_terminal']?.data).toEqual({ id: railTerminalId, type: 'rail_terminal' });
    const included = response.json!['included'] as Resource[];
    const rail = included.find((resource) => resource.type === 'rail_terminal');
    expect(rail).toEqual({
      id: railTerminalId,
      type: 'rail_terminal',
      attributes: { name: 'Test Intermodal Ramp', nickname: '', firms_code: 'ZR01' },
      relationships: {
        port: { data: portId === null ? null : { id: portId, type: 'port' } },
        metro_area: { data: { id: metroAreaId, type: 'metro_area' } },
      },
    });
    expect(included.filter((resource) => resource.type === 'terminal').map((resource) => resource.id)).toEqual([terminalId]);
  });

  it('gives a rail event at the ramp the rail terminal, and every other event the terminal it had', async () => {
    const response = await call(app, 'GET', `/v2/containers/${container.id}/transport_events?include=terminal`, { key: owner.key });
    expect(response.status).toBe(200);
    const byId = new Map((response.json!['data'] as Resource[]).map((event) => [event.id, event.relationships?.['terminal']?.data]));
    expect(byId.get(events.discharged.id)).toEqual({ id: terminalId, type: 'terminal' });
    expect(byId.get(events.railLoaded.id)).toBeNull();
    expect(byId.get(events.railArrived.id)).toEqual({ id: railTerminalId, type: 'rail_terminal' });
    expect(byId.get(events.fullOut.id)).toBeNull();
    const included = (response.json!['included'] as Resource[]).map((resource) => `${resource.type}:${resource.id}`).sort();
    expect(included).toEqual([`rail_terminal:${railTerminalId}`, `terminal:${terminalId}`].sort());
  });

  it('includes the rail terminal through a container and its transport events; pickup_facility stays a terminal as the reference types it', async () => {
    const response = await call(app, 'GET', `/v2/containers/${container.id}?include=transport_events.terminal,pickup_facility`, {
      key: owner.key,
    });
    expect(response.status).toBe(200);
    const data = response.json!['data'] as Resource;
    // No terminal of the reference data is known at the destination: the reference allows only `terminal` here.
    expect(data.relationships?.['pickup_facility']?.data).toBeNull();
    const types = (response.json!['included'] as Resource[])
      .filter((resource) => resource.type !== 'transport_event')
      .map((resource) => `${resource.type}:${resource.id}`)
      .sort();
    expect(types).toEqual([`rail_terminal:${railTerminalId}`, `terminal:${terminalId}`].sort());
  });

  it('serves another account no rail terminal through a shipment it cannot read', async () => {
    const other = await ctx.account({ company: 'Other' });
    const response = await call(app, 'GET', `/v2/shipments/${container.shipment_id}?include=destination_terminal`, { key: other.key });
    expect([401, 404]).toContain(response.status);
    expect(JSON.stringify(response.json)).not.toContain(railTerminalId);
  });
});
