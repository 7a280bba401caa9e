import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { CarrierShipmentEntity, DcsaPushedEventEntity, OutboxEntity } from '@quayside/data-access';
import { dcsa3SchemaValidator } from '@quayside/testing';
import { ApiTestContext, call } from '../test/api-test-app';
import type { InjectResult } from '../test/api-test-app';

type Json = Record<string, unknown>;
const FIXTURES = resolve(__dirname, '../../../../libs/carriers/src/dcsa/fixtures');
const message = (file: string): Json => JSON.parse(readFileSync(resolve(FIXTURES, file), 'utf8')) as Json;
const TOKEN = 'hlcu-push-token-0123456789';
const validate = dcsa3SchemaValidator();

describe('POST /dcsa/v3/carriers/{connection}/events (carriers that push DCSA 3.0)', () => {
  let ctx: ApiTestContext;
  let app: NestFastifyApplication;

  const push = async (body: unknown, options: { connection?: string; token?: string | null } = {}): Promise<InjectResult> => {
    const token = options.token === undefined ? TOKEN : options.token;
    const response = await call(app, 'POST', `/dcsa/v3/carriers/${options.connection ?? 'hlcu'}/events`, {
      body,
      headers: { 'content-type': 'application/json', ...(token === null ? {} : { authorization: `Bearer ${token}` }) },
    });
    expect(response.headers['api-version']).toBe('3.0.0');
    expect(validate(response.status === 200 ? 'PostEventsResponse' : 'PostEventsError', response.json)).toEqual([]);
    return response;
  };
  const stored = async () => ctx.db.dataSource.getRepository(DcsaPushedEventEntity).find({ order: { created_at: 'ASC', position: 'ASC' } });
  const pushJobs = async () =>
    (await ctx.db.dataSource.getRepository(OutboxEntity).findBy({ job_name: 'apply-dcsa-push' })).map((row) => [row.queue, row.payload]);

  beforeAll(async () => {
    ctx = await ApiTestContext.create();
    app = await ctx.startApp({ DCSA_PUSH_CONNECTIONS: JSON.stringify({ HLCU: TOKEN, MAEU: 'maeu-push-token-0123456789' }) });
  });

  afterAll(async () => {
    await ctx.close();
  });

  it('stores the DCSA conformance POST /events messages and queues the followed shipment they name for applying at once', async () => {
    const followed = await ctx.db.dataSource.getRepository(CarrierShipmentEntity).save({
      shipping_line_scac: 'HLCU',
      normalized_number: 'HHL71800000',
      query_type: 'bill_of_lading',
      query_number: 'HHL71800000',
      tracking_since: new Date('2026-01-01T00:00:00Z'),
    });
    const response = await push(message('tnt-300-request-transport.json'));
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ feedbackElements: [{ severity: 'INFO', message: '1 event version(s) stored, 0 already received' }] });
    expect((await push(message('tnt-300-request-shipment.json'))).status).toBe(200);
    expect((await push(message('tnt-300-request-equipment.json'))).status).toBe(200);
    expect((await stored()).map((row) => [row.connection, row.event_id, row.refs])).toEqual([
      ['HLCU', 'evt-trans-001-2026-01-20T12:30:00Z', ['ABC709951', 'HHL71800000']],
      ['HLCU', 'evt-ship-001', ['ABC709951', 'HHL71800000']],
      ['HLCU', 'evt-equip-001-2026-01-20T14:15:00Z', ['APZU4812090']],
    ]);
    // On the push queue of its own, one job per physical shipment: never behind the scheduled polls.
    expect(await pushJobs()).toEqual([
      ['dcsa-push', { carrierShipmentId: followed.id }],
      ['dcsa-push', { carrierShipmentId: followed.id }],
    ]);
  });

  it('is idempotent by eventID: the same event again stores and queues nothing', async () => {
    const before = (await pushJobs()).length;
    const response = await push(message('tnt-300-request-transport.json'));
    expect(response.json).toEqual({ feedbackElements: [{ severity: 'INFO', message: '0 event version(s) stored, 1 already received' }] });
    expect(await stored()).toHaveLength(3);
    expect(await pushJobs()).toHaveLength(before);
  });

  it.each([
    ['no token', { token: null }],
    ['another connection’s token', { token: 'maeu-push-token-0123456789' }],
    ['an unknown connection', { connection: 'ZZZZ' }],
  ])('refuses %s with 401 and the DCSA error body', async (_name, options) => {
    const response = await push(message('tnt-300-request-equipment.json'), options);
    expect(response.status).toBe(401);
    expect(response.json).toMatchObject({ feedbackElements: [{ severity: 'ERROR', propertyPath: 'Authorization' }] });
  });

  it.each([
    ['a body without events', { event: [] }, 'events'],
    ['a wrong type in the schema', { events: [{ eventID: 42 }] }, 'events[0].eventID'],
    ['an event without its times', { events: [{ eventID: 'x-1', eventClassification: { eventType: 'EQUIPMENT' } }] }, 'events[0]'],
    ['an empty list', { events: [] }, 'events'],
  ])('answers %s with 400 naming the property, storing nothing', async (_name, body, path) => {
    const before = (await stored()).length;
    const response = await push(body);
    expect(response.status).toBe(400);
    const element = (response.json!['feedbackElements'] as Json[])[0]!;
    expect(element['severity']).toBe('ERROR');
    expect(String(element['propertyPath'])).toContain(path);
    expect(await stored()).toHaveLength(before);
  });

  it('answers a body that is not JSON with 400 (refused before routing, so in the JSON:API error shape; docs/dcsa.md)', async () => {
    const response = await call(app, 'POST', '/dcsa/v3/carriers/HLCU/events', {
      body: '{not json',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
    });
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ errors: [{ code: 'bad_request' }] });
  });
});
