import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { TrackingRequestEntity } from '@quayside/data-access';
import type { ProvisionedAccount } from '@quayside/data-access';
import { createShipment, serveCarriers } from '@quayside/testing';
import Redis from 'ioredis';
import { ApiTestContext, TEST_REDIS_URL, call } from '../test/api-test-app';
import type { InjectResult } from '../test/api-test-app';
import { dataOf, errorsOf, listOf } from '../test/json-api-response';
import type { Resource } from '../test/json-api-response';

const body = (attributes: Record<string, unknown>): unknown => ({ data: { type: 'tracking_request', attributes } });
const bl = (number: string, scac = 'MSCU'): unknown => body({ request_number: number, request_type: 'bill_of_lading', scac });

describe('tracking requests: GET, PATCH /v2/tracking_requests, infer_number, OpenAPI', () => {
  let ctx: ApiTestContext;
  let app: NestFastifyApplication;
  let owner: ProvisionedAccount;

  const create = (account: ProvisionedAccount, document: unknown, headers: Record<string, string> = {}): Promise<InjectResult> =>
    call(app, 'POST', '/v2/tracking_requests', { key: account.key, body: document, headers });
  const stored = (id: string): Promise<TrackingRequestEntity> =>
    ctx.db.dataSource.getRepository(TrackingRequestEntity).findOneByOrFail({ id });

  beforeAll(async () => {
    ctx = await ApiTestContext.create();
    // A tracker-worker configured with these lines serves them (docs/carriers.md, "What this server tracks").
    await serveCarriers(ctx.db.dataSource, ['MSCU', 'MAEU']);
    app = await ctx.startApp();
    owner = await ctx.account({ company: 'Owner' });
  });

  afterAll(async () => {
    await ctx.close();
  });

  describe('GET /v2/tracking_requests and /{id}', () => {
    let reader: ProvisionedAccount;
    const ids: Record<string, string> = {};
    let shipmentId: string;

    beforeAll(async () => {
      reader = await ctx.account({ company: 'Reader' });
      const shipment = await createShipment(ctx.db.dataSource, reader.account.id, { bill_of_lading_number: 'MAEU100000001' });
      shipmentId = shipment.id;
      const make = async (name: string, attributes: Record<string, unknown>): Promise<void> => {
        ids[name] = dataOf(await create(reader, body(attributes))).id;
      };
      await make('maersk', { request_number: 'MAEU100000001', request_type: 'bill_of_lading', scac: 'MAEU', ref_numbers: ['PO-4711'] });
      await make('maerskBooking', { request_number: 'MAEU100000002', request_type: 'booking_number', scac: 'MAEU' });
      await make('msc', { request_number: 'MEDUREAD0001', request_type: 'bill_of_lading', scac: 'MSCU' });
      await make('container', { request_number: 'MSCU1234566', request_type: 'container', scac: 'MSCU' });
      const repository = ctx.db.dataSource.getRepository(TrackingRequestEntity);
      await repository.update({ id: ids['maersk']! }, { status: 'succeeded', tracked_object_id: shipmentId });
      await repository.update({ id: ids['maerskBooking']! }, { status: 'succeeded', tracked_object_id: shipmentId });
      await repository.update(
        { id: ids['msc']! },
        { status: 'pending', failed_reason: 'shipping_line_unreachable', is_retrying: true, retry_count: 3 },
      );
      await repository.update({ id: ids['container']! }, { status: 'failed', failed_reason: 'not_found' });
      await ctx.db.dataSource.query(
        `UPDATE tracking_requests SET created_at = '2026-08-01T10:00:00Z', updated_at = '2026-08-02T10:00:00Z' WHERE id = $1`,
        [ids['maersk']],
      );
    });

    const list = async (query: string): Promise<string[]> => {
      const response = await call(app, 'GET', `/v2/tracking_requests${query}`, { key: reader.key });
      expect(response.status).toBe(200);
      return listOf(response).map((r) => r.id);
    };

    it("lists the caller's requests oldest first with links and meta", async () => {
      const response = await call(app, 'GET', '/v2/tracking_requests', { key: reader.key });
      expect(listOf(response).map((r) => r.id)).toEqual([ids['maersk'], ids['maerskBooking'], ids['msc'], ids['container']]);
      expect(response.json!['meta']).toEqual({ size: 30, total: 4 });
      expect(response.json!['links']).toMatchObject({ self: expect.stringContaining('/v2/tracking_requests') as unknown });
    });

    it('shows failed_reason, retry_count and is_retrying', async () => {
      const response = await call(app, 'GET', `/v2/tracking_requests/${ids['msc']}`, { key: reader.key });
      expect(dataOf(response).attributes).toMatchObject({
        status: 'pending',
        failed_reason: 'shipping_line_unreachable',
        is_retrying: true,
        retry_count: 3,
      });
    });

    it.each([
      ['q on the request number', '?q=read0001', ['msc']],
      ['q on a reference number', '?q=po-47', ['maersk']],
      ['filter[request_number]', '?filter[request_number]=maeu100000002', ['maerskBooking']],
      ['filter[status]', '?filter[status]=succeeded', ['maersk', 'maerskBooking']],
      [
        'filter[status] with the established API name and a list',
        '?filter[status]=created,failed',
        ['maersk', 'maerskBooking', 'container'],
      ],
      ['filter[scac]', '?filter[scac]=mscu', ['msc', 'container']],
      [
        'filter[created_at] range',
        '?filter[created_at][start]=2026-07-31T00:00:00Z&filter[created_at][end]=2026-08-01T23:59:59Z',
        ['maersk'],
      ],
      ['filter[updated_at][end]', '?filter[updated_at][end]=2026-08-03T00:00:00Z', ['maersk']],
      ['filter[updated_at][start]', '?filter[updated_at][start]=2026-08-03T00:00:00Z', ['maerskBooking', 'msc', 'container']],
      ['filters together', '?filter[scac]=MAEU&filter[status]=succeeded&q=100000002', ['maerskBooking']],
    ])('filters by %s', async (_label, query, expected) => {
      expect(await list(query)).toEqual(expected.map((name) => ids[name]));
    });

    it.each([
      ['an unknown status', '?filter[status]=done', 'filter[status]'],
      ['a malformed date', '?filter[created_at][start]=last-week', 'filter[created_at][start]'],
      ['an unknown filter', '?filter[numbr]=X', 'filter[numbr]'],
      ['a page size over 100', '?page[size]=101', 'page[size]'],
      ['an include that is not a relationship', '?include=shipment', 'include'],
    ])('answers %s with 400 naming the parameter', async (_label, query, parameter) => {
      const response = await call(app, 'GET', `/v2/tracking_requests${query}`, { key: reader.key });
      expect(response.status).toBe(400);
      expect(errorsOf(response)[0]!.source).toEqual({ parameter });
    });

    it('includes the tracked shipment once for the requests that point at it', async () => {
      const response = await call(app, 'GET', '/v2/tracking_requests?include=tracked_object', { key: reader.key });
      const included = response.json!['included'] as Resource[];
      expect(included.map((r) => [r.type, r.id])).toEqual([['shipment', shipmentId]]);
      expect(included[0]!.attributes['bill_of_lading_number']).toBe('MAEU100000001');
      const [maersk] = listOf(response);
      expect(maersk!.relationships!['tracked_object']!.data).toEqual({ id: shipmentId, type: 'shipment' });
    });

    it('gets one request with its shipment included', async () => {
      const response = await call(app, 'GET', `/v2/tracking_requests/${ids['maersk']}?include=tracked_object`, { key: reader.key });
      expect(response.status).toBe(200);
      expect(dataOf(response).attributes['status']).toBe('succeeded');
      expect((response.json!['included'] as Resource[]).map((r) => r.id)).toEqual([shipmentId]);
    });

    it('pages never skip or repeat a request while new ones are added', async () => {
      const pager = await ctx.account({ company: 'Pager' });
      for (let i = 0; i < 5; i += 1) await create(pager, bl(`MEDUPAGE${String(i).padStart(4, '0')}`));
      const seen: string[] = [];
      for (let page = 1; page <= 4; page += 1) {
        const response = await call(app, 'GET', `/v2/tracking_requests?page[size]=2&page[number]=${page}`, { key: pager.key });
        seen.push(...listOf(response).map((r) => r.attributes['request_number'] as string));
        await create(pager, bl(`MEDUPAGE${String(10 + page).padStart(4, '0')}`));
      }
      expect(seen).toEqual([
        'MEDUPAGE0000',
        'MEDUPAGE0001',
        'MEDUPAGE0002',
        'MEDUPAGE0003',
        'MEDUPAGE0004',
        'MEDUPAGE0011',
        'MEDUPAGE0012',
        'MEDUPAGE0013',
      ]);
    });

    it.each([
      ['an unknown id', '0f0e0d0c-0b0a-4908-8706-050403020100'],
      ['something that is not an id', 'not-an-id'],
    ])('answers %s with 404', async (_label, id) => {
      const response = await call(app, 'GET', `/v2/tracking_requests/${id}`, { key: reader.key });
      expect(response.status).toBe(404);
    });

    it("lists only the caller's requests", async () => {
      const stranger = await ctx.account({ company: 'Stranger' });
      expect((await call(app, 'GET', '/v2/tracking_requests', { key: stranger.key })).json!['meta']).toMatchObject({ total: 0 });
    });
  });

  describe('PATCH /v2/tracking_requests/{id}', () => {
    it('replaces reference numbers and tags', async () => {
      const id = dataOf(
        await create(owner, body({ request_number: 'MEDUPATCH001', request_type: 'bill_of_lading', scac: 'MSCU', ref_numbers: ['OLD'] })),
      ).id;
      const patched = await call(app, 'PATCH', `/v2/tracking_requests/${id}`, {
        key: owner.key,
        body: body({ ref_numbers: ['A', 'B', 'A'], tags: ['t1'] }),
      });
      expect(patched.status).toBe(200);
      expect(dataOf(patched).attributes).toMatchObject({ ref_numbers: ['A', 'B'], tags: ['t1'], status: 'pending' });
      const single = await call(app, 'PATCH', `/v2/tracking_requests/${id}`, { key: owner.key, body: body({ ref_number: 'REFNUMBER11' }) });
      expect(dataOf(single).attributes).toMatchObject({ ref_numbers: ['REFNUMBER11'], tags: ['t1'] });
      expect((await stored(id)).ref_numbers).toEqual(['REFNUMBER11']);
    });

    it('answers 422 for tags that are not a list', async () => {
      const id = dataOf(await create(owner, bl('MEDUPATCH002'))).id;
      const response = await call(app, 'PATCH', `/v2/tracking_requests/${id}`, { key: owner.key, body: body({ tags: 'x' }) });
      expect(response.status).toBe(422);
      expect(errorsOf(response)[0]!.source).toEqual({ pointer: '/data/attributes/tags' });
    });
  });

  describe('POST /v2/tracking_requests/infer_number', () => {
    const infer = (payload: unknown): Promise<InjectResult> =>
      call(app, 'POST', '/v2/tracking_requests/infer_number', { key: owner.key, body: payload });

    it('recognizes a container number by its owner code and check digit', async () => {
      const response = await infer({ number: 'MSCU 123456-6' });
      expect(response.status).toBe(200);
      expect(response.json!['data']).toMatchObject({
        type: 'infer_number_results',
        attributes: {
          number_type: 'container',
          request_type: 'container',
          validation: { is_valid: true, type: 'container', check_digit_passed: true, parsed_number: 'MSCU1234566', reason: null },
          shipping_line: {
            decision: 'auto_select',
            selected: { scac: 'MSCU', confidence: 1 },
            candidates: [expect.objectContaining({ scac: 'MSCU' })],
          },
        },
      });
      expect((response.json!['data'] as { id: string }).id).toMatch(/^req_/);
    });

    it('predicts the line of a bill of lading from its prefix', async () => {
      const response = await infer({ number: 'MEDUFR030802' });
      expect(response.json!['data']).toMatchObject({
        attributes: {
          number_type: 'bill_of_lading',
          validation: { type: 'shipment', is_valid: true },
          shipping_line: { decision: 'auto_select', selected: { scac: 'MSCU' } },
        },
      });
    });

    it('answers a container number whose check digit fails with is_valid false, not an error', async () => {
      const response = await infer({ number: 'MSCU1234567' });
      expect(response.status).toBe(200);
      expect(response.json!['data']).toMatchObject({
        attributes: {
          validation: { is_valid: false, check_digit_passed: false, reason: 'check_digit_mismatch' },
          shipping_line: { decision: 'needs_confirmation', selected: null },
        },
      });
    });

    it('makes no prediction for a number no line is known by; number_type is still one of the reference’s values', async () => {
      const response = await infer({ number: '123456789012' });
      expect(response.json!['data']).toMatchObject({
        attributes: {
          number_type: 'bill_of_lading',
          request_type: null,
          possible_request_types: ['bill_of_lading', 'booking_number'],
          shipping_line: { decision: 'no_prediction', selected: null, candidates: [] },
        },
      });
    });

    it('accepts the number inside a JSON:API document too', async () => {
      const response = await infer({ data: { type: 'infer_number', attributes: { number: 'MEDUFR030802' } } });
      expect(response.status).toBe(200);
    });

    it.each([
      ['a list', { number: ['MEDUFR030802', 'MEDUFR030803'] }, 'multiple_numbers'],
      ['an empty number', { number: ' ' }, 'empty'],
      ['no number', {}, undefined],
    ])('answers %s with 422', async (_label, payload, reason) => {
      const response = await infer(payload);
      expect(response.status).toBe(422);
      expect(errorsOf(response)[0]).toMatchObject({ status: '422', source: { pointer: '/number' } });
      if (reason !== undefined) expect(errorsOf(response)[0]!.meta).toEqual({ reason });
    });

    it('counts against the infer_number bucket', async () => {
      const redis = new Redis(TEST_REDIS_URL);
      try {
        const keys = await redis.keys(`${ctx.redisPrefix}:rl:{acct:${owner.account.id}}:*`);
        expect(keys.map((key) => key.split(':').pop())).toContain('infer_number');
      } finally {
        redis.disconnect();
      }
    });
  });

  it('describes every tracking request endpoint in the OpenAPI document, with request and response schemas', async () => {
    const document = (await call(app, 'GET', '/docs/openapi.json')).json as {
      paths: Record<string, Record<string, Record<string, unknown>>>;
    };
    const paths = document.paths;
    expect(Object.keys(paths['/v2/tracking_requests']!).sort()).toEqual(['get', 'post']);
    expect(Object.keys(paths['/v2/tracking_requests/{id}']!).sort()).toEqual(['get', 'patch']);
    expect(Object.keys(paths['/v2/tracking_requests/infer_number']!)).toEqual(['post']);
    const post = paths['/v2/tracking_requests']!['post']!;
    expect(post['requestBody']).toBeDefined();
    expect(JSON.stringify(post['responses'])).toContain('tracking_request');
    expect(JSON.stringify(post['parameters'])).toContain('Idempotency-Key');
    const list = paths['/v2/tracking_requests']!['get']!;
    expect(JSON.stringify(list['parameters'])).toContain('filter[created_at][start]');
  });
});
