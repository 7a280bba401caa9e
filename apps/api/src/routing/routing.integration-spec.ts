import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { PortEntity } from '@quayside/data-access';
import type { ProvisionedAccount } from '@quayside/data-access';
import type { MilestoneEventName } from '@quayside/domain';
import { createContainer, createShipment, createTransportEvent } from '@quayside/testing';
import { ApiTestContext, call } from '../test/api-test-app';
import type { InjectResult } from '../test/api-test-app';

const DAY = 86_400_000;
const PIONEER = { vessel_name: 'QUAYSIDE PIONEER', vessel_imo: '9312341', voyage_number: '012E' };

interface Feature {
  geometry: { type: string; coordinates: unknown };
  properties: Record<string, unknown>;
}

describe('vessels, container routes and maps (feature routing)', () => {
  let ctx: ApiTestContext;
  let app: NestFastifyApplication;
  let routing: ProvisionedAccount;
  let without: ProvisionedAccount;
  let containerId: string;
  let railContainerId: string;
  const get = (url: string, account: ProvisionedAccount = routing): Promise<InjectResult> => call(app, 'GET', url, { key: account.key });

  beforeAll(async () => {
    ctx = await ApiTestContext.create();
    app = await ctx.startApp();
    routing = await ctx.account({ plan: 'paid', features: ['routing'] });
    without = await ctx.account({ plan: 'paid', features: [] });
    const db = ctx.db.dataSource;
    const now = Date.now();
    const shipment = await createShipment(db, routing.account.id, {
      port_of_lading_locode: 'CNSHA',
      port_of_discharge_locode: 'USLAX',
      pod_vessel_name: PIONEER.vessel_name,
      pod_vessel_imo: PIONEER.vessel_imo,
      pod_voyage_number: PIONEER.voyage_number,
      pol_atd_at: new Date(now - 3 * DAY),
      pod_eta_at: new Date(now + 9 * DAY),
    });
    const container = await createContainer(db, routing.account.id, { shipment_id: shipment.id });
    containerId = container.id;
    await createTransportEvent(db, container, {
      event: 'container.transport.vessel_loaded',
      location_locode: 'CNSHA',
      timezone: 'Asia/Shanghai',
      timestamp: new Date(now - 3.5 * DAY),
      ...PIONEER,
    });
    await createTransportEvent(db, container, {
      event: 'container.transport.vessel_departed',
      location_locode: 'CNSHA',
      timezone: 'Asia/Shanghai',
      timestamp: new Date(now - 3 * DAY),
      ...PIONEER,
    });

    // Shanghai to Los Angeles by sea, then by rail to Chicago (the TEST-TR-RAIL scenario's journey).
    const railShipment = await createShipment(db, routing.account.id, {
      port_of_lading_locode: 'CNSHA',
      port_of_discharge_locode: 'USLAX',
      destination_locode: 'USCHI',
      pod_vessel_name: PIONEER.vessel_name,
      pod_vessel_imo: PIONEER.vessel_imo,
      pod_voyage_number: PIONEER.voyage_number,
      pol_atd_at: new Date(now - 20 * DAY),
      pod_ata_at: new Date(now - 6 * DAY),
    });
    const rail = await createContainer(db, routing.account.id, { shipment_id: railShipment.id });
    railContainerId = rail.id;
    const railEvents: Array<[MilestoneEventName, string, number]> = [
      ['container.transport.vessel_departed', 'CNSHA', 20],
      ['container.transport.vessel_arrived', 'USLAX', 6],
      ['container.transport.vessel_discharged', 'USLAX', 5.5],
      ['container.transport.rail_loaded', 'USLAX', 4],
      ['container.transport.rail_departed', 'USLAX', 4],
      ['container.transport.rail_arrived', 'USCHI', 1],
    ];
    for (const [event, locode, daysAgo] of railEvents) {
      await createTransportEvent(db, rail, {
        event,
        location_locode: locode,
        timestamp: new Date(now - daysAgo * DAY),
        ...(event.includes('vessel') ? PIONEER : {}),
      });
    }
  });

  afterAll(async () => {
    await ctx.close();
  });

  it('answers the route: POL and POD with modes, vessel, voyage and times, ports and vessels included', async () => {
    const response = await get(`/v2/containers/${containerId}/route`);
    expect(response.status).toBe(200);
    const data = response.json!['data'] as { type: string; relationships: { route_locations: { data: { id: string }[] } } };
    expect(data.type).toBe('route');
    const included = response.json!['included'] as {
      id: string;
      type: string;
      attributes: Record<string, unknown>;
      relationships?: Record<string, { data: { id: string } | null }>;
    }[];
    const locations = data.relationships.route_locations.data.map((ref) => included.find((r) => r.id === ref.id)!);
    expect(locations.map((l) => l.attributes['label'])).toEqual(['POL', 'POD']);
    expect(locations[0]!.attributes).toMatchObject({
      outbound_mode: 'vessel',
      outbound_scac: 'MAEU',
      outbound_vessel_name: 'QUAYSIDE PIONEER',
      outbound_voyage_number: '012E',
      inbound_mode: null,
    });
    expect(locations[1]!.attributes).toMatchObject({
      inbound_mode: 'vessel',
      inbound_vessel_name: 'QUAYSIDE PIONEER',
      inbound_ata_at: null,
      outbound_mode: null,
    });
    expect(typeof locations[1]!.attributes['inbound_eta_at']).toBe('string');
    const vessel = included.find((r) => r.type === 'vessel')!;
    expect(vessel.attributes).toMatchObject({ name: 'QUAYSIDE PIONEER', imo: '9312341' });
    expect(locations[0]!.relationships!['outbound_vessel']!.data!.id).toBe(vessel.id);
    expect(
      included
        .filter((r) => r.type === 'port')
        .map((r) => r.attributes['code'])
        .sort(),
    ).toEqual(['CNSHA', 'USLAX']);
  });

  it('draws the map: ports, the path sailed, the vessel at sea now and the path ahead over the sea lanes', async () => {
    const response = await get(`/v2/containers/${containerId}/map_geojson`);
    expect(response.status).toBe(200);
    expect(response.json!['type']).toBe('FeatureCollection');
    const features = response.json!['features'] as Feature[];
    expect(features.map((f) => f.properties['feature_type'])).toEqual([
      'port',
      'port',
      'estimated_full_legs',
      'past_vessel_locations',
      'current_vessel',
      'estimated_partial_leg',
    ]);
    // The planned route is the whole leg over the sea lanes, drawn whatever was reported on it.
    expect(features[2]!.properties).toMatchObject({ mode: 'vessel', ports_sequence: 1 });
    expect((features[2]!.geometry.coordinates as unknown[]).length).toBeGreaterThan(5);
    const vessel = features[4]!;
    expect(vessel.properties).toMatchObject({ vessel_name: 'QUAYSIDE PIONEER', departure_port_label: 'POL', arrival_port_label: 'POD' });
    const [lon, lat] = vessel.geometry.coordinates as [number, number];
    // A quarter of the way from Shanghai to Los Angeles: in the western Pacific, east of Japan.
    expect(lat).toBeGreaterThan(20);
    expect(lat).toBeLessThan(50);
    expect(lon > 135 || lon < -150).toBe(true);
    expect((features[5]!.geometry.coordinates as unknown[]).length).toBeGreaterThan(5);
  });

  it('draws a voyage with a rail leg: the sea leg over the sea lanes with its reported positions, the rail leg to the inland destination, each place labelled', async () => {
    const features = (await get(`/v2/containers/${railContainerId}/map_geojson`)).json!['features'] as Feature[];
    const ports = features.filter((f) => f.properties['feature_type'] === 'port');
    expect(ports.map((f) => [f.properties['label'], f.properties['name']])).toEqual([
      ['POL', 'Shanghai'],
      ['POD', 'Los Angeles'],
      ['DEST', 'Chicago'],
    ]);
    const legs = features.filter((f) => f.properties['feature_type'] === 'estimated_full_legs');
    expect(legs.map((f) => [f.properties['mode'], f.properties['ports_sequence']])).toEqual([
      ['vessel', 1],
      ['rail', 2],
    ]);
    const [sea, rail] = legs as [Feature, Feature];
    const seaPath = sea.geometry.coordinates as Array<[number, number]>;
    // Over the Pacific the short way: the path goes on past 180° east to Los Angeles (-118.26 + 360).
    expect(seaPath.length).toBeGreaterThan(10);
    expect(seaPath[seaPath.length - 1]![0]).toBeCloseTo(241.74, 1);
    expect(Math.max(...seaPath.map(([, lat]) => lat))).toBeLessThan(60);
    expect(rail.geometry.coordinates).toEqual([ports[1]!.geometry.coordinates, ports[2]!.geometry.coordinates]);
    const reported = features.find((f) => f.properties['feature_type'] === 'past_vessel_locations');
    expect((reported?.geometry.coordinates as unknown[]).length).toBeGreaterThan(1);
    // It has arrived: no vessel at sea, nothing ahead.
    expect(features.some((f) => ['current_vessel', 'estimated_partial_leg'].includes(String(f.properties['feature_type'])))).toBe(false);
  });

  it('gets the vessel by id and by IMO with its current position, and positions on request', async () => {
    const route = await get(`/v2/containers/${containerId}/route`);
    const vesselId = (route.json!['included'] as { id: string; type: string }[]).find((r) => r.type === 'vessel')!.id;
    const byId = await get(`/v2/vessels/${vesselId}`);
    expect(byId.status).toBe(200);
    const attributes = (byId.json!['data'] as { attributes: Record<string, unknown> }).attributes;
    expect(attributes).toMatchObject({ name: 'QUAYSIDE PIONEER', imo: '9312341', positions: null });
    expect(typeof attributes['latitude']).toBe('number');
    expect(attributes['nautical_speed_knots']).toBeGreaterThan(5);
    const byImo = await get(`/v2/vessels/9312341?show_positions[from_timestamp]=${new Date(Date.now() - DAY).toISOString()}`);
    expect(byImo.status).toBe(200);
    expect((byImo.json!['data'] as { attributes: { positions: unknown[] } }).attributes.positions.length).toBeGreaterThan(20);
    expect((await get('/v2/vessels/9999999')).status).toBe(404);
    expect((await get('/v2/vessels/nonsense')).status).toBe(404);
  });

  it('estimates future positions to a port, from where the vessel is or from given coordinates', async () => {
    const lax = await ctx.db.dataSource.getRepository(PortEntity).findOneByOrFail({ code: 'USLAX' });
    const sha = await ctx.db.dataSource.getRepository(PortEntity).findOneByOrFail({ code: 'CNSHA' });
    const future = await get(`/v2/vessels/9312341/future_positions?port_id=${lax.id}&previous_port_id=${sha.id}`);
    expect(future.status).toBe(200);
    const positions = (future.json!['data'] as { attributes: { positions: { estimated: boolean; timestamp: string }[] } }).attributes
      .positions;
    expect(positions.length).toBeGreaterThan(5);
    expect(positions.every((p) => p.estimated)).toBe(true);
    const withCoordinates = await get(
      `/v2/vessels/9312341/future_positions_with_coordinates?port_id=${lax.id}&previous_port_id=${sha.id}&latitude=35&longitude=150`,
    );
    expect(withCoordinates.status).toBe(200);
    const missing = await get(`/v2/vessels/9312341/future_positions?previous_port_id=${sha.id}`);
    expect(missing.status).toBe(400);
    expect(missing.json!['errors']).toEqual([expect.objectContaining({ source: { parameter: 'port_id' } })]);
    const badLatitude = await get(
      `/v2/vessels/9312341/future_positions_with_coordinates?port_id=${lax.id}&previous_port_id=${sha.id}&latitude=95&longitude=150`,
    );
    expect(badLatitude.status).toBe(400);
  });

  it('refuses every routing endpoint to an account without the feature (403 feature_not_enabled)', async () => {
    const own = await createContainer(ctx.db.dataSource, without.account.id);
    for (const url of [
      `/v2/containers/${own.id}/route`,
      `/v2/containers/${own.id}/map_geojson`,
      '/v2/vessels/9312341',
      '/v2/vessels/9312341/future_positions',
    ]) {
      const response = await get(url, without);
      expect({ url, status: response.status }).toEqual({ url, status: 403 });
      expect(response.json!['errors']).toEqual([expect.objectContaining({ code: 'feature_not_enabled' })]);
    }
  });

  it.each([
    ['the free plan', { plan: 'free' as const }, 403],
    ['an ended trial', { plan: 'trial' as const, trialEndsAt: new Date(Date.now() - DAY) }, 403],
    ['a running trial', { plan: 'trial' as const, trialEndsAt: new Date(Date.now() + DAY) }, 200],
  ])('with the feature on %s: every routing endpoint answers %s', async (_label, plan, status) => {
    const account = await ctx.account({ ...plan, features: ['routing'] });
    const own = await createContainer(ctx.db.dataSource, account.account.id);
    // The plan is checked before the parameters: the refusal does not depend on them.
    const refusedOnly = status === 403 ? ['/v2/vessels/9312341/future_positions?port_id=x&previous_port_id=y'] : [];
    for (const url of [`/v2/containers/${own.id}/route`, `/v2/containers/${own.id}/map_geojson`, '/v2/vessels/9312341', ...refusedOnly]) {
      const response = await get(url, account);
      expect({ url, status: response.status }).toEqual({ url, status });
      if (status === 403)
        expect(response.json!['errors']).toEqual([expect.objectContaining({ code: 'plan_not_allowed', meta: { plan: plan.plan } })]);
    }
  });

  it('answers 401 for another account’s container, with or without the feature, and 404 for an unknown one', async () => {
    const intruder = await ctx.account({ plan: 'paid', features: ['routing'] });
    for (const account of [intruder, without]) {
      for (const suffix of ['route', 'map_geojson']) {
        expect((await get(`/v2/containers/${containerId}/${suffix}`, account)).status).toBe(401);
      }
    }
    expect((await get('/v2/containers/0f0e0d0c-0b0a-4908-8706-050403020100/route')).status).toBe(404);
  });
});
