import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { EventEntity, OutboxEntity, TrackingRequestEntity } from '@quayside/data-access';
import type { ProvisionedAccount } from '@quayside/data-access';
import { createShipment, serveCarriers } from '@quayside/testing';
import Redis from 'ioredis';
import { ApiTestContext, TEST_REDIS_URL, call } from '../test/api-test-app';
import type { InjectResult } from '../test/api-test-app';
import { dataOf, errorsOf } from '../test/json-api-response';

const body = (attributes: Record<string, unknown>): unknown => ({ data: { type: 'tracking_request', attributes } });
const bl = (number: string, scac = 'MSCU'): unknown => body({ request_number: number, request_type: 'bill_of_lading', scac });

describe('tracking requests: POST /v2/tracking_requests (checks, duplicates, Idempotency-Key, plans)', () => {
  let ctx: ApiTestContext;
  let app: NestFastifyApplication;
  let owner: ProvisionedAccount;

  const create = (account: ProvisionedAccount, document: unknown, headers: Record<string, string> = {}): Promise<InjectResult> =>
    call(app, 'POST', '/v2/tracking_requests', { key: account.key, body: document, headers });
  const stored = (id: string): Promise<TrackingRequestEntity> =>
    ctx.db.dataSource.getRepository(TrackingRequestEntity).findOneByOrFail({ id });
  const rowsOf = (account: ProvisionedAccount): Promise<TrackingRequestEntity[]> =>
    ctx.db.dataSource
      .getRepository(TrackingRequestEntity)
      .find({ where: { account_id: account.account.id }, order: { created_at: 'ASC', id: 'ASC' } });

  beforeAll(async () => {
    ctx = await ApiTestContext.create();
    // A tracker-worker configured with these lines serves them (docs/carriers.md, "What this server tracks").
    await serveCarriers(ctx.db.dataSource, ['MSCU', 'MAEU', 'CLAM', 'COSU', 'EGLV', 'SMLU']);
    app = await ctx.startApp();
    owner = await ctx.account({ company: 'Owner' });
  });

  afterAll(async () => {
    await ctx.close();
  });

  describe('POST /v2/tracking_requests', () => {
    it('answers 201 at once with a pending request and no shipment, and writes the tracker outbox row with it', async () => {
      const response = await create(
        owner,
        body({ request_number: 'MEDUFR030802', request_type: 'bill_of_lading', scac: 'MSCU', ref_numbers: ['PO-1'], tags: ['urgent'] }),
      );
      expect(response.status).toBe(201);
      expect(response.headers['content-type']).toMatch(/^application\/vnd\.api\+json/);
      const request = dataOf(response);
      expect(request).toMatchObject({
        type: 'tracking_request',
        attributes: {
          request_number: 'MEDUFR030802',
          request_type: 'bill_of_lading',
          scac: 'MSCU',
          ref_numbers: ['PO-1'],
          tags: ['urgent'],
          status: 'pending',
          failed_reason: null,
          is_retrying: false,
          retry_count: 0,
        },
        relationships: { tracked_object: { data: null } },
        links: { self: `/v2/tracking_requests/${request.id}` },
      });
      expect(response.json!['included']).toBeUndefined();
      const outbox = await ctx.db.dataSource.getRepository(OutboxEntity).findBy({ account_id: owner.account.id });
      expect(outbox.filter((row) => row.payload['trackingRequestId'] === request.id)).toEqual([
        expect.objectContaining({
          queue: 'tracker',
          job_name: 'track-request',
          payload: { trackingRequestId: request.id },
          completed_at: null,
        }),
      ]);
    });

    it('counts against the create_tracking_request bucket, not the default one', async () => {
      await create(owner, bl('MEDUBUCKET01'));
      const redis = new Redis(TEST_REDIS_URL);
      try {
        const keys = await redis.keys(`${ctx.redisPrefix}:rl:{acct:${owner.account.id}}:*`);
        expect(keys.map((key) => key.split(':').pop())).toContain('create_tracking_request');
      } finally {
        redis.disconnect();
      }
    });

    it.each([
      [
        "an alternative SCAC, under the line's own",
        { request_number: 'CWLQ0000001', request_type: 'bill_of_lading', scac: 'cwlq' },
        { request_number: 'CWLQ0000001', scac: 'CLAM' },
      ],
      [
        'a lower-case number with spaces',
        { request_number: ' medu fr030811 ', request_type: 'bill_of_lading', scac: 'MSCU' },
        { request_number: 'MEDUFR030811' },
      ],
      [
        'a container number written with a dash',
        { request_number: 'MSCU 123456-6', request_type: 'container', scac: 'MSCU' },
        { request_number: 'MSCU1234566' },
      ],
      [
        'the sandbox number as written',
        { request_number: 'TEST-TR-SUCCEEDED', request_type: 'bill_of_lading', scac: 'TEST' },
        { request_number: 'TEST-TR-SUCCEEDED' },
      ],
      [
        "the established API's shipment_tags, merged into tags",
        { request_number: 'MEDUFR030812', request_type: 'bill_of_lading', scac: 'MSCU', tags: ['a'], shipment_tags: ['b', 'a'] },
        { tags: ['a', 'b'] },
      ],
    ])('stores %s', async (_label, attributes, expected) => {
      const response = await create(owner, body(attributes));
      expect(response.status).toBe(201);
      expect(dataOf(response).attributes).toMatchObject(expected);
    });

    it.each([
      [
        'a JSON list of numbers',
        { request_number: ['MEDUFR030802', 'MEDUFR030803'], request_type: 'bill_of_lading', scac: 'MSCU' },
        [['/data/attributes/request_number', 'multiple_numbers']],
      ],
      [
        'several numbers in one field',
        { request_number: 'MEDUFR030802,MEDUFR030803', request_type: 'bill_of_lading', scac: 'MSCU' },
        [['/data/attributes/request_number', 'multiple_numbers']],
      ],
      [
        'a container number with a wrong check digit',
        { request_number: 'MSCU1234567', request_type: 'container', scac: 'MSCU' },
        [['/data/attributes/request_number', 'check_digit_mismatch']],
      ],
      [
        'an unknown SCAC',
        { request_number: 'XXXX12345678', request_type: 'bill_of_lading', scac: 'XXXX' },
        [['/data/attributes/scac', 'unknown_scac']],
      ],
      [
        'a line that does not track container numbers',
        { request_number: 'CBHU1234561', request_type: 'container', scac: 'COSU' },
        [['/data/attributes/request_type', 'not_supported_by_carrier']],
      ],
      [
        'a line that tracks only container numbers, asked for a bill of lading',
        { request_number: 'EGLV084900042045', request_type: 'bill_of_lading', scac: 'EGLV' },
        [['/data/attributes/request_type', 'not_supported_by_carrier']],
      ],
      [
        'a line enabled on request that this account does not have',
        { request_number: 'SMLU12345678', request_type: 'bill_of_lading', scac: 'SMLU' },
        [['/data/attributes/scac', 'carrier_not_enabled']],
      ],
      [
        'a bad number AND an unknown SCAC',
        { request_number: 'A,B', request_type: 'bill_of_lading', scac: 'NOPE' },
        [
          ['/data/attributes/request_number', 'multiple_numbers'],
          ['/data/attributes/scac', 'unknown_scac'],
        ],
      ],
    ])('answers %s with 422 and a pointer, storing nothing', async (_label, attributes, expected) => {
      const before = (await rowsOf(owner)).length;
      const response = await create(owner, body(attributes));
      expect(response.status).toBe(422);
      expect(errorsOf(response).map((error) => [error.source?.pointer, error.meta?.['reason']])).toEqual(expected);
      expect(
        errorsOf(response).every((error) => error.status === '422' && error.title === 'Unprocessable Entity' && error.detail.length > 0),
      ).toBe(true);
      expect((await rowsOf(owner)).length).toBe(before);
    });

    it.each([
      ['no request_type', { request_number: 'MEDUFR030802', scac: 'MSCU' }, ['/data/attributes/request_type']],
      [
        'an unknown request_type',
        { request_number: 'MEDUFR030802', request_type: 'air_waybill', scac: 'MSCU' },
        ['/data/attributes/request_type'],
      ],
      ['no number and no SCAC', { request_type: 'bill_of_lading' }, ['/data/attributes/request_number', '/data/attributes/scac']],
      [
        'ref_numbers that are not a list of strings',
        { request_number: 'MEDUFR030802', request_type: 'bill_of_lading', scac: 'MSCU', ref_numbers: 'PO-1' },
        ['/data/attributes/ref_numbers'],
      ],
    ])('answers %s with 422 naming each member', async (_label, attributes, pointers) => {
      const response = await create(owner, body(attributes));
      expect(response.status).toBe(422);
      expect([...new Set(errorsOf(response).map((error) => error.source?.pointer))].sort()).toEqual([...pointers].sort());
    });

    it('accepts a line enabled on request once it is enabled for the account', async () => {
      const enabled = await ctx.account({ company: 'Enabled' });
      await ctx.db.dataSource.query(`UPDATE accounts SET enabled_carrier_scacs = '{SMLU}' WHERE id = $1`, [enabled.account.id]);
      const response = await create(enabled, body({ request_number: 'SMLU12345678', request_type: 'bill_of_lading', scac: 'SMLU' }));
      expect(response.status).toBe(201);
    });
  });

  describe('a second active request for the same number, type and SCAC', () => {
    it('is stored failed with failed_reason duplicate and announced as tracking_request.failed; the original stays pending', async () => {
      const first = dataOf(await create(owner, bl('MEDUDUP00001')));
      const second = await create(owner, bl('medu dup00001'));
      expect(second.status).toBe(201);
      const duplicate = dataOf(second);
      expect(duplicate.id).not.toBe(first.id);
      expect(duplicate.attributes).toMatchObject({
        status: 'failed',
        failed_reason: 'duplicate',
        request_number: 'MEDUDUP00001',
        is_retrying: false,
      });
      expect(duplicate.relationships).toEqual({
        tracked_object: { data: null },
        customer: { data: null },
        custom_fields: { data: [] },
        user: { data: null },
      });
      expect((await stored(first.id)).status).toBe('pending');
      const events = await ctx.db.dataSource.getRepository(EventEntity).findBy({ tracking_request_id: duplicate.id });
      expect(events).toEqual([
        expect.objectContaining({
          name: 'tracking_request.failed',
          reference_object_type: 'tracking_request',
          reference_object_id: duplicate.id,
          payload: {
            status: 'failed',
            failed_reason: 'duplicate',
            request_number: 'MEDUDUP00001',
            request_type: 'bill_of_lading',
            scac: 'MSCU',
          },
        }),
      ]);
      const fanOut = await ctx.db.dataSource.getRepository(OutboxEntity).findBy({ queue: 'webhook-fanout', job_name: 'fan-out' });
      expect(fanOut.filter((row) => row.payload['eventId'] === events[0]!.id)).toHaveLength(1);
      // The duplicate asks no carrier: no tracker row for it.
      const tracker = await ctx.db.dataSource.getRepository(OutboxEntity).findBy({ queue: 'tracker', account_id: owner.account.id });
      expect(tracker.filter((row) => row.payload['trackingRequestId'] === duplicate.id)).toEqual([]);
    });

    it('points at the shipment already tracked when the original succeeded', async () => {
      const shipment = await createShipment(ctx.db.dataSource, owner.account.id, {
        bill_of_lading_number: 'MEDUDUP00002',
        shipping_line_scac: 'MSCU',
      });
      const first = dataOf(await create(owner, bl('MEDUDUP00002')));
      await ctx.db.dataSource
        .getRepository(TrackingRequestEntity)
        .update({ id: first.id }, { status: 'succeeded', tracked_object_id: shipment.id });
      const duplicate = dataOf(await create(owner, bl('MEDUDUP00002')));
      expect(duplicate.attributes['failed_reason']).toBe('duplicate');
      expect(duplicate.relationships!['tracked_object']!.data).toEqual({ id: shipment.id, type: 'shipment' });
    });

    it('is not a duplicate once the original failed, nor for another type or line, nor in another account', async () => {
      const first = dataOf(await create(owner, bl('MEDUDUP00003')));
      await ctx.db.dataSource
        .getRepository(TrackingRequestEntity)
        .update({ id: first.id }, { status: 'failed', failed_reason: 'not_found' });
      expect(dataOf(await create(owner, bl('MEDUDUP00003'))).attributes['status']).toBe('pending');
      expect(
        dataOf(await create(owner, body({ request_number: 'MEDUDUP00003', request_type: 'booking_number', scac: 'MSCU' }))).attributes[
          'status'
        ],
      ).toBe('pending');
      expect(dataOf(await create(owner, bl('MEDUDUP00003', 'MAEU'))).attributes['status']).toBe('pending');
      const other = await ctx.account({ company: 'Other' });
      expect(dataOf(await create(other, bl('MEDUDUP00003'))).attributes['status']).toBe('pending');
    });

    it('accepts exactly one of several concurrent requests for the same number', async () => {
      const responses = await Promise.all(Array.from({ length: 6 }, () => create(owner, bl('MEDURACE0001'))));
      expect(responses.map((r) => r.status)).toEqual(Array(6).fill(201));
      const statuses = responses.map((r) => dataOf(r).attributes['status']).sort();
      expect(statuses).toEqual(['failed', 'failed', 'failed', 'failed', 'failed', 'pending']);
    });
  });

  describe('Idempotency-Key', () => {
    it('answers a repeat with the same body with the stored response and creates nothing more', async () => {
      const headers = { 'idempotency-key': 'order-7f3a' };
      const first = await create(owner, bl('MEDUIDEM0001'), headers);
      expect(first.status).toBe(201);
      // Same JSON value, other member order: the same request.
      const reordered = {
        data: { attributes: { scac: 'MSCU', request_type: 'bill_of_lading', request_number: 'MEDUIDEM0001' }, type: 'tracking_request' },
      };
      const again = await create(owner, reordered, headers);
      expect(again.status).toBe(201);
      expect(again.json).toEqual(first.json);
      const rows = (await rowsOf(owner)).filter((row) => row.request_number === 'MEDUIDEM0001');
      expect(rows).toHaveLength(1);
    });

    it('refuses the same key with another body (422) and leaves the first request alone', async () => {
      const headers = { 'idempotency-key': 'order-88aa' };
      const first = await create(owner, bl('MEDUIDEM0002'), headers);
      const other = await create(owner, bl('MEDUIDEM0003'), headers);
      expect(other.status).toBe(422);
      expect(errorsOf(other)[0]).toMatchObject({ status: '422', meta: { header: 'Idempotency-Key' } });
      expect(errorsOf(other)[0]!.detail).toMatch(/different request/);
      expect((await rowsOf(owner)).filter((row) => row.request_number === 'MEDUIDEM0003')).toEqual([]);
      expect((await create(owner, bl('MEDUIDEM0002'), headers)).json).toEqual(first.json);
    });

    it('keys are per account', async () => {
      const other = await ctx.account({ company: 'Other key space' });
      const headers = { 'idempotency-key': 'shared-key' };
      const mine = await create(owner, bl('MEDUIDEM0004'), headers);
      const theirs = await create(other, bl('MEDUIDEM0005'), headers);
      expect(theirs.status).toBe(201);
      expect(dataOf(theirs).id).not.toBe(dataOf(mine).id);
    });

    it('stores no error: a refused request may be sent again, fixed, under the same key', async () => {
      const headers = { 'idempotency-key': 'fix-and-retry' };
      expect((await create(owner, bl('MEDUIDEM0006', 'NOPE'), headers)).status).toBe(422);
      expect((await create(owner, bl('MEDUIDEM0006'), headers)).status).toBe(201);
    });

    it('forgets a key after 24 hours', async () => {
      const headers = { 'idempotency-key': 'day-old' };
      const first = dataOf(await create(owner, bl('MEDUIDEM0007'), headers));
      await ctx.db.dataSource.query(`UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE key = 'day-old'`);
      const later = dataOf(await create(owner, bl('MEDUIDEM0008'), headers));
      expect(later.id).not.toBe(first.id);
      expect(later.attributes['request_number']).toBe('MEDUIDEM0008');
    });

    it('serves concurrent requests with one key one answer and one row', async () => {
      const headers = { 'idempotency-key': 'burst-1' };
      const responses = await Promise.all(Array.from({ length: 5 }, () => create(owner, bl('MEDUIDEM0009'), headers)));
      expect(responses.map((r) => r.status)).toEqual(Array(5).fill(201));
      expect(new Set(responses.map((r) => dataOf(r).id)).size).toBe(1);
      expect((await rowsOf(owner)).filter((row) => row.request_number === 'MEDUIDEM0009')).toHaveLength(1);
    });

    it('refuses a malformed key with 400', async () => {
      const response = await create(owner, bl('MEDUIDEM0010'), { 'idempotency-key': 'has space' });
      expect(response.status).toBe(400);
    });
  });

  describe('plans', () => {
    it('lets a free account create up to 10 active containers, then 403; a duplicate at the cap is still answered', async () => {
      const free = await ctx.account({ plan: 'free', company: 'Free' });
      for (let i = 0; i < 10; i += 1) {
        expect((await create(free, bl(`MEDUFREE${String(i).padStart(4, '0')}`))).status).toBe(201);
      }
      const refused = await create(free, bl('MEDUFREE0010'));
      expect(refused.status).toBe(403);
      expect(errorsOf(refused)[0]).toMatchObject({ code: 'plan_not_allowed', meta: { plan: 'free', limit: 10 } });
      expect((await rowsOf(free)).length).toBe(10);
      const duplicate = await create(free, bl('MEDUFREE0000'));
      expect(duplicate.status).toBe(201);
      expect(dataOf(duplicate).attributes['failed_reason']).toBe('duplicate');
    });

    it('lets a free account read its requests, but not the shipments behind them', async () => {
      const free = await ctx.account({ plan: 'free', company: 'Free reader' });
      const id = dataOf(await create(free, bl('MEDUFREEREAD'))).id;
      expect((await call(app, 'GET', '/v2/tracking_requests', { key: free.key })).status).toBe(200);
      expect((await call(app, 'GET', `/v2/tracking_requests/${id}`, { key: free.key })).status).toBe(200);
      const included = await call(app, 'GET', `/v2/tracking_requests/${id}?include=tracked_object`, { key: free.key });
      expect(included.status).toBe(403);
      expect(errorsOf(included)[0]!.code).toBe('plan_not_allowed');
    });
  });
});
