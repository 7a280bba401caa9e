import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { OutboxEntity, TrackingRequestEntity, TrackingSourceRepository } from '@quayside/data-access';
import type { ProvisionedAccount } from '@quayside/data-access';
import { containerCheckDigit } from '@quayside/domain';
import { serveCarriers } from '@quayside/testing';
import { ApiTestContext, call } from '../test/api-test-app';
import type { InjectResult } from '../test/api-test-app';
import { dataOf, errorsOf, listOf } from '../test/json-api-response';

const body = (attributes: Record<string, unknown>): unknown => ({ data: { type: 'tracking_request', attributes } });
const withCheckDigit = (firstTen: string): string => `${firstTen}${containerCheckDigit(firstTen)}`;
const HAPAG_CONTAINER = withCheckDigit('HLXU123456');

/**
 * What a deployment with no carriers configured (the default: sandbox only) does with a line it
 * cannot ask anyone about (docs/carriers.md, "What this server tracks"): refuses it at once,
 * stores nothing, and says so in GET /v2/shipping_lines.
 */
describe('lines this server does not track', () => {
  let ctx: ApiTestContext;
  let app: NestFastifyApplication;
  let owner: ProvisionedAccount;

  const create = (attributes: Record<string, unknown>): Promise<InjectResult> =>
    call(app, 'POST', '/v2/tracking_requests', { key: owner.key, body: body(attributes) });
  const infer = (number: string): Promise<InjectResult> =>
    call(app, 'POST', '/v2/tracking_requests/infer_number', { key: owner.key, body: { number } });
  const storedRows = async (): Promise<{ requests: number; outbox: number }> => ({
    requests: await ctx.db.dataSource.getRepository(TrackingRequestEntity).count(),
    outbox: await ctx.db.dataSource.getRepository(OutboxEntity).count(),
  });
  const trackedHere = async (): Promise<Record<string, boolean>> =>
    Object.fromEntries(
      listOf(await call(app, 'GET', '/v2/shipping_lines', { key: owner.key })).map((line) => [
        line.attributes['scac'] as string,
        line.attributes['tracked_by_this_server'] as boolean,
      ]),
    );

  beforeAll(async () => {
    ctx = await ApiTestContext.create();
    app = await ctx.startApp();
    owner = await ctx.account();
  });

  afterAll(async () => {
    await ctx.close();
  });

  it.each([
    ['a Maersk bill of lading', { request_number: 'MAEU123456789', request_type: 'bill_of_lading', scac: 'MAEU' }, 'Maersk (MAEU)'],
    ['a Hapag-Lloyd container', { request_number: HAPAG_CONTAINER, request_type: 'container', scac: 'HLCU' }, 'Hapag-Lloyd (HLCU)'],
    [
      'an alternative SCAC of an unserved line',
      { request_number: 'MAEU123456789', request_type: 'bill_of_lading', scac: 'maeu' },
      'Maersk (MAEU)',
    ],
  ])('refuses %s at once with 422 naming the line, and stores nothing', async (_label, attributes, line) => {
    const before = await storedRows();
    const response = await create(attributes);
    expect(response.status).toBe(422);
    const errors = errorsOf(response);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({
      status: '422',
      source: { pointer: '/data/attributes/scac' },
      meta: { reason: 'line_not_configured' },
    });
    expect(errors[0]!.detail).toContain(`${line} is not configured on this server`);
    expect(errors[0]!.detail).toContain('docs/carriers.md, "Configuring carriers"');
    expect(await storedRows()).toEqual(before);
  });

  it('still accepts the sandbox line with no configuration', async () => {
    const response = await create({ request_number: 'TEST-TR-SUCCEEDED', request_type: 'bill_of_lading', scac: 'TEST' });
    expect(response.status).toBe(201);
    expect(dataOf(response).attributes['status']).toBe('pending');
  });

  it('refuses infer_number for a number whose only detected line is not tracked here, as a tracking request would be', async () => {
    const response = await infer('MAEU123456789');
    expect(response.status).toBe(422);
    expect(errorsOf(response)[0]).toMatchObject({
      source: { pointer: '/data/attributes/scac' },
      meta: { reason: 'line_not_configured', scac: ['MAEU'] },
    });
    expect(errorsOf(response)[0]!.detail).toContain('Maersk (MAEU), which is not configured on this server');
    // A number that names no line is still answered: there is nothing to refuse.
    expect((await infer('ZZZZ98765432')).status).toBe(200);
  });

  it('says per line in GET /v2/shipping_lines whether this server tracks it', async () => {
    const tracked = await trackedHere();
    expect(tracked['TEST']).toBe(true);
    expect(tracked['MAEU']).toBe(false);
    expect(Object.values(tracked).filter(Boolean)).toHaveLength(1);
  });

  it('follows what the tracker-workers registered: a line added is accepted, a line withdrawn is refused again', async () => {
    await serveCarriers(ctx.db.dataSource, ['MAEU']);
    expect((await trackedHere())['MAEU']).toBe(true);
    expect((await infer('MAEU123456789')).status).toBe(200);
    const accepted = await create({ request_number: 'MAEU123456789', request_type: 'bill_of_lading', scac: 'MAEU' });
    expect(accepted.status).toBe(201);

    // The next worker starts without Maersk: the newest registration is the deployment's.
    await new TrackingSourceRepository(ctx.db.dataSource).register(
      [{ kind: 'carrier', code: 'TEST', adapter: 'sandbox', requestTypes: ['bill_of_lading'], sandbox: true, experimental: false }],
      new Date(),
    );
    expect((await trackedHere())['MAEU']).toBe(false);
    expect((await create({ request_number: 'MAEU987654321', request_type: 'bill_of_lading', scac: 'MAEU' })).status).toBe(422);
    // The sandbox is now registered for bills of lading only: a container number is refused on its type.
    const container = await create({ request_number: withCheckDigit('QSDU200137'), request_type: 'container', scac: 'TEST' });
    expect(container.status).toBe(422);
    expect(errorsOf(container)[0]).toMatchObject({
      source: { pointer: '/data/attributes/request_type' },
      meta: { reason: 'request_type_not_configured' },
    });
  });
});
