import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DATABASE_CONNECTION, recordStatementsDuring, ShipmentEntity, TrackingRequestEntity } from '@quayside/data-access';
import type { ProvisionedAccount } from '@quayside/data-access';
import { createContainer, createShipment, serveCarriers } from '@quayside/testing';
import { ApiTestContext, call } from '../test/api-test-app';
import type { InjectResult } from '../test/api-test-app';

interface Identifier {
  id: string;
  type: string;
}
interface Resource extends Identifier {
  attributes: Record<string, unknown>;
  relationships?: Record<string, { data: Identifier | Identifier[] | null }>;
  links?: { self: string };
}

const dataOf = (response: InjectResult): Resource => response.json!['data'] as Resource;
const listOf = (response: InjectResult): Resource[] => response.json!['data'] as Resource[];
const includedOf = (response: InjectResult): Resource[] => (response.json!['included'] as Resource[] | undefined) ?? [];
const ids = (resources: readonly Identifier[]): string[] => resources.map((resource) => resource.id);

describe('shipments: GET /v2/shipments, GET/PATCH /v2/shipments/{id}, stop_tracking and resume_tracking', () => {
  let ctx: ApiTestContext;
  let app: NestFastifyApplication;
  let owner: ProvisionedAccount;
  const ref = { pol: '', pod: '', terminal: '', terminalPort: '', line: '' };

  const get = (account: ProvisionedAccount, url: string): Promise<InjectResult> => call(app, 'GET', url, { key: account.key });
  const patch = (account: ProvisionedAccount, url: string, body?: unknown): Promise<InjectResult> =>
    call(app, 'PATCH', url, { key: account.key, ...(body !== undefined ? { body } : {}) });
  const shipmentRow = (id: string): Promise<ShipmentEntity> => ctx.db.dataSource.getRepository(ShipmentEntity).findOneByOrFail({ id });
  beforeAll(async () => {
    ctx = await ApiTestContext.create();
    // A tracker-worker configured with these lines serves them (docs/carriers.md, "What this server tracks").
    await serveCarriers(ctx.db.dataSource, ['MSCU', 'MAEU']);
    app = await ctx.startApp();
    owner = await ctx.account({ company: 'Owner' });
    const query = <T>(sql: string): Promise<T[]> => ctx.db.dataSource.query<T[]>(sql);
    const [pol] = await query<{ id: string }>(`SELECT id FROM ports WHERE code = 'CNSHA'`);
    const [terminal] = await query<{ id: string; port_id: string }>(`SELECT id, port_id FROM terminals WHERE firms_code = 'TST1'`);
    const [line] = await query<{ id: string }>(`SELECT id FROM shipping_lines WHERE scac = 'MAEU'`);
    Object.assign(ref, { pol: pol!.id, pod: terminal!.port_id, terminal: terminal!.id, terminalPort: terminal!.port_id, line: line!.id });
  });

  afterAll(async () => {
    await ctx.close();
  });

  describe('reading', () => {
    let reader: ProvisionedAccount;
    const made: Record<string, string> = {};
    const containers: string[] = [];

    beforeAll(async () => {
      reader = await ctx.account({ company: 'Reader' });
      const db = ctx.db.dataSource;
      const linked = {
        port_of_lading_id: ref.pol,
        port_of_discharge_id: ref.pod,
        destination_id: ref.pod,
        pod_terminal_id: ref.terminal,
        destination_terminal_id: ref.terminal,
        shipping_line_id: ref.line,
      };
      made['first'] = (
        await createShipment(db, reader.account.id, {
          ...linked,
          bill_of_lading_number: 'MAEU200000001',
          normalized_number: 'MAEU200000001',
          ref_numbers: ['PO-9001'],
          pod_eta_at: new Date('2026-08-20T15:00:00Z'),
          pod_timezone: 'America/Los_Angeles',
        })
      ).id;
      made['second'] = (
        await createShipment(db, reader.account.id, {
          ...linked,
          bill_of_lading_number: 'MAEU200000002',
          normalized_number: 'MAEU200000002',
        })
      ).id;
      made['bare'] = (
        await createShipment(db, reader.account.id, {
          bill_of_lading_number: 'MAEU200000003',
          normalized_number: 'MAEU200000003',
          carrier_reference: 'BOOK300',
        })
      ).id;
      made['stopped'] = (
        await createShipment(db, reader.account.id, {
          bill_of_lading_number: 'MAEU200000004',
          normalized_number: 'MAEU200000004',
          line_tracking_stopped_at: new Date(),
          line_tracking_stopped_reason: 'past_arrival_window',
        })
      ).id;
      for (const [shipment, number] of [
        ['first', 'MSKU1111110'],
        ['first', 'MSKU2222220'],
        ['second', 'MSKU3333330'],
      ] as const) {
        containers.push(
          (await createContainer(db, reader.account.id, { shipment_id: made[shipment]!, number, pod_terminal_id: ref.terminal })).id,
        );
      }
      const request = await db.getRepository(TrackingRequestEntity).save(
        db.getRepository(TrackingRequestEntity).create({
          account_id: reader.account.id,
          request_number: 'MAEUBOOKING7',
          request_type: 'booking_number',
          scac: 'MAEU',
          ref_numbers: [],
          tags: [],
          status: 'succeeded',
          tracked_object_id: made['second'],
        }),
      );
      expect(request.id).toBeDefined();
    });

    it("lists the caller's shipments oldest first, with the established API attributes, container linkage, links and meta", async () => {
      const response = await get(reader, '/v2/shipments');
      expect(response.status).toBe(200);
      expect(ids(listOf(response))).toEqual([made['first'], made['second'], made['bare'], made['stopped']]);
      expect(response.json!['meta']).toEqual({ size: 30, total: 4 });
      const [first] = listOf(response);
      expect(first).toMatchObject({
        type: 'shipment',
        attributes: {
          bill_of_lading_number: 'MAEU200000001',
          ref_numbers: ['PO-9001'],
          shipping_line_scac: 'MAEU',
          pod_eta_at: '2026-08-20T15:00:00.000Z',
          pod_timezone: 'America/Los_Angeles',
          line_tracking_stopped_at: null,
          line_tracking_stopped_reason: null,
        },
        relationships: {
          containers: {
            data: [
              { id: containers[0], type: 'container' },
              { id: containers[1], type: 'container' },
            ],
          },
          port_of_lading: { data: { id: ref.pol, type: 'port' } },
          port_of_discharge: { data: { id: ref.pod, type: 'port' } },
          destination: { data: { id: ref.pod, type: 'port' } },
          pod_terminal: { data: { id: ref.terminal, type: 'terminal' } },
          destination_terminal: { data: { id: ref.terminal, type: 'terminal' } },
          shipping_line: { data: { id: ref.line, type: 'shipping_line' } },
        },
        links: { self: `/v2/shipments/${made['first']}` },
      });
      expect(listOf(response)[2]!.relationships).toMatchObject({
        containers: { data: [] },
        port_of_lading: { data: null },
        pod_terminal: { data: null },
      });
    });

    it.each([
      ['q on the bill of lading', '?q=200000002', ['second']],
      ['q on a reference number', '?q=po-90', ['first']],
      ['q on a container number', '?q=mSKU33', ['second']],
      ['number: the bill of lading', '?number=maeu200000003', ['bare']],
      ['number: the booking the shipment was tracked by', '?number=MAEUBOOKING7', ['second']],
      ['number: the carrier reference', '?number=BOOK300', ['bare']],
      ['filter[tracking_stopped]=true', '?filter[tracking_stopped]=true', ['stopped']],
      ['filter[tracking_stopped]=false', '?filter[tracking_stopped]=false', ['first', 'second', 'bare']],
    ])('filters by %s', async (_label, query, expected) => {
      const response = await get(reader, `/v2/shipments${query}`);
      expect(ids(listOf(response))).toEqual(expected.map((name) => made[name]));
    });

    it.each([
      ['a tracking_stopped that is not a boolean', '?filter[tracking_stopped]=maybe', 'filter[tracking_stopped]'],
      ['an unknown filter', '?filter[status]=x', 'filter[status]'],
      ['an unknown include', '?include=vessel', 'include'],
      ['a page number that is not a number', '?page[number]=first', 'page[number]'],
    ])('answers %s with 400 naming the parameter', async (_label, query, parameter) => {
      const response = await get(reader, `/v2/shipments${query}`);
      expect(response.status).toBe(400);
      expect((response.json!['errors'] as { source: unknown }[])[0]!.source).toEqual({ parameter });
    });

    it('includes containers, ports, terminals and the shipping line, each resource once', async () => {
      const response = await get(
        reader,
        '/v2/shipments?include=containers,port_of_lading,port_of_discharge,destination,pod_terminal,destination_terminal,shipping_line',
      );
      expect(response.status).toBe(200);
      const included = includedOf(response);
      const byType = (type: string): string[] => ids(included.filter((r) => r.type === type)).sort();
      expect(byType('container')).toEqual([...containers].sort());
      expect(byType('port')).toEqual([ref.pol, ref.pod].sort());
      expect(byType('terminal')).toEqual([ref.terminal]);
      expect(byType('shipping_line')).toEqual([ref.line]);
      expect(included.find((r) => r.type === 'port' && r.id === ref.pol)!.attributes).toMatchObject({
        code: 'CNSHA',
        time_zone: 'Asia/Shanghai',
      });
      expect(included.find((r) => r.type === 'terminal')!.attributes).toMatchObject({ firms_code: 'TST1' });
      expect(included.find((r) => r.type === 'shipping_line')!.attributes).toMatchObject({ scac: 'MAEU' });
      const container = included.find((r) => r.id === containers[0])!;
      expect(container.attributes).toMatchObject({ number: 'MSKU1111110', holds_at_pod_terminal: [] });
      expect(container.relationships!['shipment']!.data).toEqual({ id: made['first'], type: 'shipment' });
    });

    it("includes nested paths: the containers' terminals and the terminal's port", async () => {
      const response = await get(reader, `/v2/shipments/${made['first']}?include=containers.pod_terminal,pod_terminal.port`);
      expect(response.status).toBe(200);
      expect(
        includedOf(response)
          .map((r) => `${r.type}:${r.id}`)
          .sort(),
      ).toEqual(
        [`container:${containers[0]}`, `container:${containers[1]}`, `terminal:${ref.terminal}`, `port:${ref.terminalPort}`].sort(),
      );
    });

    it('loads each included relationship with the same number of queries for 1 shipment or a page of them (no N+1)', async () => {
      const connection = app.get(DATABASE_CONNECTION);
      const include = 'containers,containers.pod_terminal,port_of_lading,port_of_discharge,pod_terminal,shipping_line';
      const count = async (url: string): Promise<number> => {
        const { statements } = await recordStatementsDuring(connection, async () => expect((await get(reader, url)).status).toBe(200));
        // The page's count is left out: a page that holds the whole list is its own count.
        return statements.filter((sql) => !/\bCOUNT\(/i.test(sql)).length;
      };
      await count(`/v2/shipments?page[size]=1&include=${include}`);
      const one = await count(`/v2/shipments?page[size]=1&include=${include}`);
      const page = await count(`/v2/shipments?page[size]=4&include=${include}`);
      expect(one).toBeGreaterThanOrEqual(6);
      expect(page).toBe(one);
    });

    it('gets one shipment', async () => {
      const response = await get(reader, `/v2/shipments/${made['second']}?include=containers`);
      expect(response.status).toBe(200);
      expect(dataOf(response)).toMatchObject({ id: made['second'], attributes: { bill_of_lading_number: 'MAEU200000002' } });
      expect(ids(includedOf(response))).toEqual([containers[2]]);
    });

    it.each([
      ['an unknown id', '0f0e0d0c-0b0a-4908-8706-050403020100'],
      ['something that is not an id', '12345'],
    ])('answers %s with 404', async (_label, id) => {
      expect((await get(reader, `/v2/shipments/${id}`)).status).toBe(404);
    });

    it("lists only the caller's shipments", async () => {
      const stranger = await ctx.account({ company: 'Stranger' });
      expect((await get(stranger, '/v2/shipments')).json!['meta']).toMatchObject({ total: 0 });
    });

    it.each([
      ['a free account', { plan: 'free' as const }],
      ['an ended trial', { plan: 'trial' as const, trialEndsAt: new Date(Date.now() - 1000) }],
    ])('refuses reading shipments to %s (403)', async (_label, options) => {
      const account = await ctx.account(options);
      const shipment = await createShipment(ctx.db.dataSource, account.account.id);
      for (const url of ['/v2/shipments', `/v2/shipments/${shipment.id}`]) {
        const response = await get(account, url);
        expect(response.status).toBe(403);
        expect((response.json!['errors'] as { code: string }[])[0]!.code).toBe('plan_not_allowed');
      }
    });

    it('pages never skip or repeat a shipment while new ones are added', async () => {
      const pager = await ctx.account({ company: 'Pager' });
      for (let i = 0; i < 5; i += 1) await createShipment(ctx.db.dataSource, pager.account.id, { bill_of_lading_number: `PAGE${i}` });
      const seen: unknown[] = [];
      for (let page = 1; page <= 4; page += 1) {
        seen.push(
          ...listOf(await get(pager, `/v2/shipments?page[size]=2&page[number]=${page}`)).map((s) => s.attributes['bill_of_lading_number']),
        );
        await createShipment(ctx.db.dataSource, pager.account.id, { bill_of_lading_number: `PAGE${10 + page}` });
      }
      expect(seen).toEqual(['PAGE0', 'PAGE1', 'PAGE2', 'PAGE3', 'PAGE4', 'PAGE11', 'PAGE12', 'PAGE13']);
    });
  });

  describe('PATCH /v2/shipments/{id}', () => {
    it('replaces reference numbers and tags, dropping repeated tags', async () => {
      const shipment = await createShipment(ctx.db.dataSource, owner.account.id, { ref_numbers: ['OLD'] });
      const response = await patch(owner, `/v2/shipments/${shipment.id}`, {
        data: { type: 'shipment', id: shipment.id, attributes: { tags: ['hot', 'hot', 'reefer'] } },
      });
      expect(response.status).toBe(200);
      expect(dataOf(response).attributes).toMatchObject({ ref_numbers: ['OLD'], tags: ['hot', 'reefer'] });
      const again = await patch(owner, `/v2/shipments/${shipment.id}`, {
        data: { type: 'shipment', attributes: { ref_numbers: ['REFNUMBER10'] } },
      });
      expect(dataOf(again).attributes).toMatchObject({ ref_numbers: ['REFNUMBER10'], tags: ['hot', 'reefer'] });
      expect((await shipmentRow(shipment.id)).ref_numbers).toEqual(['REFNUMBER10']);
    });

    it.each([
      ['ref_numbers that are not a list', { ref_numbers: 'REF' }, '/data/attributes/ref_numbers'],
      ['tags with a number in them', { tags: ['ok', 7] }, '/data/attributes/tags'],
    ])('answers %s with 422 and a pointer', async (_label, attributes, pointer) => {
      const shipment = await createShipment(ctx.db.dataSource, owner.account.id);
      const response = await patch(owner, `/v2/shipments/${shipment.id}`, { data: { type: 'shipment', attributes } });
      expect(response.status).toBe(422);
      expect((response.json!['errors'] as { source: { pointer: string } }[]).map((e) => e.source.pointer)).toContain(pointer);
    });
  });
});
