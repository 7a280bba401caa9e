import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { ContainerEntity, ProvisionedAccount } from '@quayside/data-access';
import { CONTAINER_FIXTURES, createContainer, createShipment, createTransportEvent } from '@quayside/testing';
import { ApiTestContext, call } from '../test/api-test-app';

interface Resource {
  id: string;
  type: string;
  attributes: Record<string, unknown>;
  relationships?: Record<string, { data: { id: string; type: string } | { id: string; type: string }[] | null }>;
  links?: { self: string };
}

const dataOf = (json: Record<string, unknown> | undefined): Resource => json!['data'] as Resource;
const listOf = (json: Record<string, unknown> | undefined): Resource[] => json!['data'] as Resource[];
const includedOf = (json: Record<string, unknown> | undefined): Resource[] => (json!['included'] as Resource[] | undefined) ?? [];

describe('containers: GET /v2/containers and /v2/containers/{id}', () => {
  let ctx: ApiTestContext;
  let app: NestFastifyApplication;
  let owner: ProvisionedAccount;
  let railOwner: ProvisionedAccount;
  let terminalId: string;
  let portId: string;

  const create = (account: ProvisionedAccount, overrides: Parameters<typeof createContainer>[2] = {}): Promise<ContainerEntity> =>
    createContainer(ctx.db.dataSource, account.account.id, overrides);
  const get = async (account: ProvisionedAccount, url: string): Promise<Record<string, unknown> | undefined> => {
    const response = await call(app, 'GET', url, { key: account.key });
    expect(response.status).toBe(200);
    return response.json;
  };

  beforeAll(async () => {
    ctx = await ApiTestContext.create();
    app = await ctx.startApp();
    owner = await ctx.account({ company: 'Owner' });
    railOwner = await ctx.account({ company: 'Rail', features: ['rail_lfd'] });
    const [terminal] = await ctx.db.dataSource.query<{ id: string; port_id: string }[]>(
      `SELECT id, port_id FROM terminals WHERE port_id IS NOT NULL LIMIT 1`,
    );
    terminalId = terminal!.id;
    portId = terminal!.port_id;
  });

  afterAll(async () => {
    await ctx.close();
  });

  describe('the fixture container shows every operational field of docs/containers.md', () => {
    let attributes: Record<string, unknown>;

    beforeAll(async () => {
      const container = await create(railOwner, { ...CONTAINER_FIXTURES.readyForPickup, pod_terminal_id: terminalId });
      attributes = dataOf(await get(railOwner, `/v2/containers/${container.id}`)).attributes;
    });

    it('coalesces pickup_lfd from the line even though the terminal date is earlier, and shows the three sources', () => {
      expect(attributes['pickup_lfd']).toBe('2026-08-20T07:00:00.000Z');
      expect(attributes['pickup_lfd_source']).toBe('line');
      expect(attributes['import_deadlines']).toEqual({
        pickup_lfd_line: '2026-08-20T07:00:00.000Z',
        pickup_lfd_terminal: '2026-08-18T07:00:00.000Z',
        pickup_lfd_rail: '2026-08-24T05:00:00.000Z',
      });
    });

    it('lists the fees as posted (type, amount, currency) and sums them without the total entry', () => {
      expect(attributes['fees_at_pod_terminal']).toEqual([
        { type: 'demurrage', amount: 150, currency: 'USD' },
        { type: 'exam', amount: 275.5, currency: 'USD' },
        { type: 'total', amount: 425.5, currency: 'USD' },
      ]);
      expect(attributes['fees_total_by_currency']).toEqual({ USD: 425.5 });
    });

    it('is ready for pickup: available with an empty holds array (not null)', () => {
      expect(attributes['holds_at_pod_terminal']).toEqual([]);
      expect(attributes['available_for_pickup']).toBe(true);
      expect(attributes['availability_known']).toBe(true);
      expect(attributes['ready_for_pickup']).toBe(true);
    });

    it('gives the normalized equipment, the UTC instants and the IANA zones beside them', () => {
      expect(attributes).toMatchObject({
        number: 'MSKU1234565',
        ref_numbers: ['PO-1001'],
        equipment_type: 'reefer',
        equipment_length: 40,
        equipment_height: 'high_cube',
        weight_in_lbs: 52910.5,
        seal_number: 'SL778812',
        pod_eta_at: '2026-08-12T12:00:00.000Z',
        pod_arrived_at: '2026-08-12T13:15:00.000Z',
        pod_discharged_at: '2026-08-13T02:40:00.000Z',
        pickup_appointment_at: '2026-08-17T16:00:00.000Z',
        terminal_checked_at: '2026-08-14T09:30:00.000Z',
        pod_timezone: 'America/Los_Angeles',
        final_destination_timezone: 'America/Chicago',
        empty_terminated_timezone: 'America/Los_Angeles',
        location_at_pod_terminal: 'Yard - B12',
        pod_rail_carrier_scac: 'UPRR',
        ind_rail_carrier_scac: 'BNSF',
        current_status: 'available',
      });
      for (const key of ['created_at', 'updated_at']) expect(attributes[key]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    });

    it('leaves what nobody reported null, never invented', () => {
      for (const key of [
        'pod_full_out_at',
        'final_destination_full_out_at',
        'empty_terminated_at',
        'pod_full_out_chassis_number',
        'ind_eta_at',
        'ind_ata_at',
      ]) {
        expect(attributes[key]).toBeNull();
      }
    });
  });

  it.each([
    [
      'available with a customs hold: not ready',
      CONTAINER_FIXTURES.availableWithHold,
      { ready_for_pickup: false, pickup_lfd: '2026-08-18T07:00:00.000Z', pickup_lfd_source: 'terminal' },
    ],
    [
      'no line date: the terminal date wins over an earlier rail date',
      CONTAINER_FIXTURES.terminalAndRailOnly,
      { pickup_lfd: '2026-08-19T07:00:00.000Z', pickup_lfd_source: 'terminal', ready_for_pickup: false },
    ],
    [
      'only rail, for an account with rail_lfd',
      CONTAINER_FIXTURES.railOnly,
      { pickup_lfd: '2026-08-21T05:00:00.000Z', pickup_lfd_source: 'rail' },
    ],
    [
      'nothing reported: nulls, empty arrays, not ready',
      CONTAINER_FIXTURES.nothingReported,
      {
        pickup_lfd: null,
        pickup_lfd_source: null,
        holds_at_pod_terminal: [],
        fees_at_pod_terminal: [],
        fees_total_by_currency: {},
        available_for_pickup: null,
        ready_for_pickup: false,
        equipment_type: null,
        pod_eta_at: null,
      },
    ],
  ])('%s', async (_label, fixture, expected) => {
    const container = await create(railOwner, fixture);
    expect(dataOf(await get(railOwner, `/v2/containers/${container.id}`)).attributes).toMatchObject(expected);
  });

  it('shows the hold entries with name, status and description', async () => {
    const container = await create(owner, CONTAINER_FIXTURES.availableWithHold);
    const attributes = dataOf(await get(owner, `/v2/containers/${container.id}`)).attributes;
    expect(attributes['holds_at_pod_terminal']).toEqual([{ name: 'customs', status: 'hold', description: 'CBP exam ordered' }]);
  });

  it('hides the rail last free day from an account without rail_lfd, and coalesces without it', async () => {
    const railOnly = await create(owner, CONTAINER_FIXTURES.railOnly);
    const hidden = dataOf(await get(owner, `/v2/containers/${railOnly.id}`)).attributes;
    expect(hidden['import_deadlines']).toEqual({ pickup_lfd_line: null, pickup_lfd_terminal: null, pickup_lfd_rail: null });
    expect(hidden['pickup_lfd']).toBeNull();
    const both = await create(owner, CONTAINER_FIXTURES.terminalAndRailOnly);
    const shown = dataOf(await get(owner, `/v2/containers/${both.id}`)).attributes;
    expect(shown['import_deadlines']).toEqual({
      pickup_lfd_line: null,
      pickup_lfd_terminal: '2026-08-19T07:00:00.000Z',
      pickup_lfd_rail: null,
    });
  });

  describe('relationships and includes', () => {
    let container: ContainerEntity;
    let eventIds: string[];

    beforeAll(async () => {
      container = await create(owner, { pod_terminal_id: terminalId });
      const discharged = await createTransportEvent(ctx.db.dataSource, container, { location_id: portId, terminal_id: terminalId });
      const fullOut = await createTransportEvent(ctx.db.dataSource, container, {
        event: 'container.transport.full_out',
        timestamp: new Date('2026-08-15T18:00:00.000Z'),
        location_id: portId,
        data_source: 'terminal',
      });
      eventIds = [discharged.id, fullOut.id];
    });

    it('links shipment, pod_terminal, pickup_facility (the POD terminal: no rail) and every transport and raw event', async () => {
      const resource = dataOf(await get(owner, `/v2/containers/${container.id}`));
      expect(resource.relationships).toEqual({
        shipment: { data: { id: container.shipment_id, type: 'shipment' } },
        pod_terminal: { data: { id: terminalId, type: 'terminal' } },
        pickup_facility: { data: { id: terminalId, type: 'terminal' } },
        transport_events: { data: eventIds.map((id) => ({ id, type: 'transport_event' })) },
        raw_events: { data: [] },
        custom_fields: { data: [] },
      });
      expect(resource.links).toEqual({ self: `/v2/containers/${container.id}` });
    });

    it('includes the transport events with their UTC timestamp and zone', async () => {
      const body = await get(owner, `/v2/containers/${container.id}?include=transport_events`);
      const events = includedOf(body).filter((r) => r.type === 'transport_event');
      expect(events.map((e) => e.id).sort()).toEqual([...eventIds].sort());
      expect(events.find((e) => e.id === eventIds[0])!.attributes).toMatchObject({
        event: 'container.transport.vessel_discharged',
        timestamp: '2026-08-10T14:30:00.000Z',
        timezone: 'America/Los_Angeles',
        location_locode: 'USLAX',
      });
    });

    it('includes the pod terminal and the shipment', async () => {
      const body = await get(owner, `/v2/containers/${container.id}?include=pod_terminal,shipment`);
      const included = includedOf(body)
        .map((r) => `${r.type}:${r.id}`)
        .sort();
      expect(included).toEqual([`shipment:${container.shipment_id}`, `terminal:${terminalId}`].sort());
    });

    it('refuses an include path it does not know, naming it', async () => {
      const response = await call(app, 'GET', `/v2/containers/${container.id}?include=vessel`, { key: owner.key });
      expect(response.status).toBe(400);
      expect(response.json).toEqual({ errors: [expect.objectContaining({ status: '400', source: { parameter: 'include' } })] });
    });
  });

  describe('the list', () => {
    let lister: ProvisionedAccount;
    let made: ContainerEntity[];

    beforeAll(async () => {
      lister = await ctx.account({ company: 'Lister' });
      const shipment = await createShipment(ctx.db.dataSource, lister.account.id, { bill_of_lading_number: 'MAEU778899001' });
      made = [];
      made.push(
        await create(lister, {
          number: 'MSKU1234565',
          shipment_id: shipment.id,
          ref_numbers: ['PO-77'],
          current_status: 'available',
          available_for_pickup: true,
        }),
      );
      made.push(
        await create(lister, { number: 'TGHU9876540', shipment_id: shipment.id, current_status: 'on_rail', available_for_pickup: false }),
      );
      made.push(await create(lister, { number: 'CAIU7432986', current_status: 'picked_up' }));
      made.push(await create(lister, { number: 'TCLU6718159' }));
    });

    const numbers = async (query: string): Promise<string[]> =>
      listOf(await get(lister, `/v2/containers${query}`)).map((r) => r.attributes['number'] as string);

    it('lists only the caller’s containers, oldest first by (created_at, id), with links and meta', async () => {
      const body = await get(lister, '/v2/containers');
      expect(listOf(body).map((r) => r.id)).toEqual(made.map((c) => c.id));
      expect(body!['meta']).toEqual({ size: 30, total: 4 });
      expect((body!['links'] as Record<string, string>)['self']).toContain('/v2/containers');
    });

    it('pages without skipping or repeating while containers are added', async () => {
      const first = await numbers('?page[size]=2&page[number]=1');
      const added = await create(lister, { number: 'ZZZU0000001' });
      const second = await numbers('?page[size]=2&page[number]=2');
      expect([...first, ...second]).toEqual(made.map((c) => c.number));
      await ctx.db.dataSource.query('DELETE FROM containers WHERE id = $1', [added.id]);
    });

    it.each([
      ['?filter[number]=MSKU1234565', ['MSKU1234565']],
      ['?number=tghu9876540', ['TGHU9876540']],
      ['?q=po-77', ['MSKU1234565']],
      ['?q=MAEU778899', ['MSKU1234565', 'TGHU9876540']],
      ['?q=6718', ['TCLU6718159']],
      ['?filter[current_status]=available,picked_up', ['MSKU1234565', 'CAIU7432986']],
      ['?filter[available_for_pickup]=false', ['TGHU9876540']],
      ['?filter[created_at][start]=2000-01-01T00:00:00Z&filter[created_at][end]=2000-01-02T00:00:00Z', []],
      ['?filter[updated_at][start]=2000-01-01T00:00:00Z', ['MSKU1234565', 'TGHU9876540', 'CAIU7432986', 'TCLU6718159']],
    ])('filters %s', async (query, expected) => {
      expect(await numbers(query)).toEqual(expected);
    });

    it('filters by shipment', async () => {
      expect(await numbers(`?filter[shipment_id]=${made[0]!.shipment_id}`)).toEqual(['MSKU1234565', 'TGHU9876540']);
    });

    it('answers a malformed filter with 400 naming it', async () => {
      const response = await call(app, 'GET', '/v2/containers?filter[available_for_pickup]=maybe', { key: lister.key });
      expect(response.status).toBe(400);
      expect(response.json).toEqual({ errors: [expect.objectContaining({ source: { parameter: 'filter[available_for_pickup]' } })] });
    });
  });

  describe('tenancy and plan', () => {
    it('answers 401 for another account’s container and 404 for an unknown one', async () => {
      const foreign = await create(owner);
      const intruder = await ctx.account({ company: 'Intruder' });
      const response = await call(app, 'GET', `/v2/containers/${foreign.id}`, { key: intruder.key });
      expect(response.status).toBe(401);
      expect(response.json).toEqual({ errors: [expect.objectContaining({ status: '401', title: 'Unauthorized' })] });
      expect((await call(app, 'GET', '/v2/containers/0f0e0d0c-0b0a-4908-8706-050403020100', { key: intruder.key })).status).toBe(404);
      expect((await call(app, 'GET', '/v2/containers/not-an-id', { key: intruder.key })).status).toBe(404);
      expect(listOf((await call(app, 'GET', '/v2/containers', { key: intruder.key })).json)).toEqual([]);
    });

    it('never includes another account’s records', async () => {
      const intruder = await ctx.account({ company: 'Borrower' });
      const foreignShipment = await createShipment(ctx.db.dataSource, owner.account.id);
      const container = await create(intruder);
      await ctx.db.dataSource.query('UPDATE containers SET shipment_id = $1 WHERE id = $2', [foreignShipment.id, container.id]);
      const body = await get(intruder, `/v2/containers/${container.id}?include=shipment`);
      expect(includedOf(body)).toEqual([]);
    });

    it('needs a trial or paid plan to read containers', async () => {
      const free = await ctx.account({ plan: 'free', company: 'Free' });
      const container = await create(free);
      for (const url of ['/v2/containers', `/v2/containers/${container.id}`]) {
        const response = await call(app, 'GET', url, { key: free.key });
        expect(response.status).toBe(403);
        expect(response.json).toEqual({ errors: [expect.objectContaining({ code: 'plan_not_allowed' })] });
      }
    });
  });
});
