import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { inFixtureTransaction, TrackingRequestEntity } from '@quayside/data-access';
import type { ProvisionedAccount } from '@quayside/data-access';
import { createContainer, createShipment } from '@quayside/testing';
import { ApiTestContext, call } from '../test/api-test-app';
import type { InjectResult } from '../test/api-test-app';

interface Hit {
  id: string;
  type: string;
  attributes: Record<string, unknown>;
}

const hitsOf = (response: InjectResult): Hit[] => response.json!['data'] as Hit[];

describe('GET /v2/search', () => {
  let ctx: ApiTestContext;
  let app: NestFastifyApplication;
  let paid: ProvisionedAccount;
  let other: ProvisionedAccount;
  const search = (query: string, account: ProvisionedAccount = paid): Promise<InjectResult> =>
    call(app, 'GET', `/v2/search?query=${encodeURIComponent(query)}`, { key: account.key });

  async function trackingRequest(account: ProvisionedAccount, fields: Partial<TrackingRequestEntity>): Promise<TrackingRequestEntity> {
    const repository = ctx.db.dataSource.getRepository(TrackingRequestEntity);
    return repository.save(
      repository.create({
        account_id: account.account.id,
        request_type: 'bill_of_lading',
        scac: 'MAEU',
        ref_numbers: [],
        tags: [],
        ...fields,
      }),
    );
  }

  beforeAll(async () => {
    ctx = await ApiTestContext.create();
    app = await ctx.startApp();
    paid = await ctx.account({ plan: 'paid' });
    other = await ctx.account({ plan: 'paid' });
  });

  afterAll(async () => {
    await ctx.close();
  });

  it('finds shipments, then containers, then tracking requests, by any number or reference, case-insensitively', async () => {
    const db = ctx.db.dataSource;
    const shipment = await createShipment(db, paid.account.id, {
      bill_of_lading_number: 'MAEUSRCH0001',
      ref_numbers: ['PO-SRCH-7'],
      port_of_lading_name: 'Shanghai',
      port_of_discharge_name: 'Los Angeles',
    });
    const container = await createContainer(db, paid.account.id, {
      shipment_id: shipment.id,
      number: 'MSKU7777770',
      ref_numbers: ['po-srch-8'],
    });
    const request = await trackingRequest(paid, { request_number: 'MAEUSRCH0002', status: 'pending', ref_numbers: ['PO-SRCH-9'] });

    const byReference = await search('po-srch');
    expect(byReference.status).toBe(200);
    expect(hitsOf(byReference).map((hit) => [hit.type, hit.id])).toEqual([
      ['shipment', shipment.id],
      ['cargo', container.id],
      ['tracking_request', request.id],
    ]);
    expect(hitsOf(byReference)[0]!.attributes).toEqual({
      entity_type: 'shipment',
      number: 'MAEUSRCH0001',
      shipment_id: null,
      scac: shipment.shipping_line_scac,
      port_of_lading_name: 'Shanghai',
      port_of_discharge_name: 'Los Angeles',
      containers_count: 1,
      tracking_stopped: false,
      tracking_stopped_reason: null,
      status: null,
      failed_reason: null,
      ref_numbers: ['PO-SRCH-7'],
      created_at: shipment.created_at.toISOString(),
      updated_at: expect.any(String) as unknown,
    });
    expect(hitsOf(byReference)[1]!.attributes).toMatchObject({
      entity_type: 'cargo',
      number: 'MSKU7777770',
      shipment_id: shipment.id,
      ref_numbers: ['po-srch-8'],
    });
    expect(hitsOf(byReference)[2]!.attributes).toMatchObject({
      entity_type: 'tracking_request',
      number: 'MAEUSRCH0002',
      status: 'pending',
      shipment_id: null,
    });

    expect(hitsOf(await search('sku7777')).map((hit) => hit.id)).toEqual([container.id]);
    expect(hitsOf(await search('MAEUSRCH0002')).map((hit) => hit.id)).toEqual([request.id]);
  });

  it('leaves out a tracking request whose shipment is itself a match', async () => {
    const shipment = await createShipment(ctx.db.dataSource, paid.account.id, { bill_of_lading_number: 'MAEUDUPE0001' });
    await trackingRequest(paid, { request_number: 'MAEUDUPE0001', status: 'succeeded', tracked_object_id: shipment.id });
    expect(hitsOf(await search('DUPE0001')).map((hit) => hit.id)).toEqual([shipment.id]);
  });

  it('takes LIKE wildcards literally', async () => {
    await createShipment(ctx.db.dataSource, paid.account.id, { bill_of_lading_number: 'MAEUWILD0001' });
    expect(hitsOf(await search('%%%'))).toEqual([]);
    expect(hitsOf(await search('W_LD'))).toEqual([]);
  });

  it('never shows another account its records', async () => {
    await createShipment(ctx.db.dataSource, other.account.id, { bill_of_lading_number: 'MAEUOTHER001' });
    expect(hitsOf(await search('OTHER001'))).toEqual([]);
    expect(hitsOf(await search('OTHER001', other))).toHaveLength(1);
  });

  it('returns at most 25 results, the newest first', async () => {
    for (let i = 0; i < 30; i += 1) {
      await createShipment(ctx.db.dataSource, paid.account.id, { bill_of_lading_number: `MAEUMANY${String(i).padStart(4, '0')}` });
    }
    const hits = hitsOf(await search('MAEUMANY'));
    expect(hits).toHaveLength(25);
    expect(hits[0]!.attributes['number']).toBe('MAEUMANY0029');
  });

  it('refuses a missing, repeated, too short or too long query with 400 naming it', async () => {
    const refusals = [
      await call(app, 'GET', '/v2/search', { key: paid.key }),
      await call(app, 'GET', '/v2/search?query=abc&query=def', { key: paid.key }),
      await search('  ab  '),
      await search('A'.repeat(101)),
    ];
    for (const response of refusals) {
      expect(response.status).toBe(400);
      expect(response.json!['errors']).toEqual([expect.objectContaining({ status: '400', source: { parameter: 'query' } })]);
    }
  });

  it('refuses an account whose plan does not allow reading tracking data', async () => {
    const free = await ctx.account({ plan: 'free' });
    const response = await search('MAEU', free);
    expect(response.status).toBe(403);
    expect(response.json!['errors']).toEqual([expect.objectContaining({ code: 'plan_not_allowed' })]);
  });

  it('is served by the trigram index of each table', async () => {
    // The expressions must match the indexed ones; few rows make a sequential scan cheaper, so
    // forbidding it shows whether the index can answer at all (docs/search.md has the timings at scale).
    const searched = {
      shipments: `quayside_search_text(ARRAY[t."bill_of_lading_number", t."carrier_reference"] || t."ref_numbers")`,
      containers: `quayside_search_text(ARRAY[t."number"] || t."ref_numbers")`,
      tracking_requests: `quayside_search_text(ARRAY[t."request_number"] || t."ref_numbers")`,
    };
    for (const [table, expression] of Object.entries(searched)) {
      const plan = await inFixtureTransaction(ctx.db.dataSource, async (manager) => {
        await manager.query('SET LOCAL enable_seqscan = off');
        const rows = await manager.query<{ 'QUERY PLAN': string }[]>(
          `EXPLAIN SELECT id FROM ${table} t WHERE ${expression} LIKE '%SKU77%'`,
        );
        return rows.map((row) => row['QUERY PLAN']).join('\n');
      });
      expect(plan).toContain(`idx_${table}_search`);
    }
  });
});
