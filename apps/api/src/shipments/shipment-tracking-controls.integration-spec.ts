import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { OutboxEntity, ShipmentEntity } from '@quayside/data-access';
import type { ProvisionedAccount } from '@quayside/data-access';
import { createContainer, createShipment, serveCarriers } from '@quayside/testing';
import { ApiTestContext, call } from '../test/api-test-app';
import type { InjectResult } from '../test/api-test-app';

interface Resource {
  id: string;
  type: string;
  attributes: Record<string, unknown>;
}

const dataOf = (response: InjectResult): Resource => response.json!['data'] as Resource;

/** Stopping and resuming a shipment's tracking: the state, the refresh-shipment outbox row, and who may. */
describe('shipments: PATCH /v2/shipments/{id}/stop_tracking and resume_tracking', () => {
  let ctx: ApiTestContext;
  let app: NestFastifyApplication;
  let owner: ProvisionedAccount;

  const patch = (account: ProvisionedAccount, url: string, body?: unknown): Promise<InjectResult> =>
    call(app, 'PATCH', url, { key: account.key, ...(body !== undefined ? { body } : {}) });
  const shipmentRow = (id: string): Promise<ShipmentEntity> => ctx.db.dataSource.getRepository(ShipmentEntity).findOneByOrFail({ id });
  const outboxFor = async (shipmentId: string): Promise<OutboxEntity[]> =>
    (
      await ctx.db.dataSource
        .getRepository(OutboxEntity)
        .find({ where: { queue: 'tracker', job_name: 'refresh-shipment' }, order: { created_at: 'ASC' } })
    ).filter((row) => row.payload['shipmentId'] === shipmentId);

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

  describe('stop and resume', () => {
    it('stops a shipment: stopped now by the client, with the refresh-shipment outbox row the tracker settles; a second stop changes nothing', async () => {
      const shipment = await createShipment(ctx.db.dataSource, owner.account.id);
      const response = await patch(owner, `/v2/shipments/${shipment.id}/stop_tracking`);
      expect(response.status).toBe(200);
      expect(dataOf(response).attributes).toMatchObject({
        line_tracking_stopped_reason: 'cancelled_by_user',
        line_tracking_stopped_at: expect.any(String) as unknown,
      });
      const row = await shipmentRow(shipment.id);
      expect(row).toMatchObject({ tracking_stopped: true, line_tracking_stopped_reason: 'cancelled_by_user' });
      expect(await outboxFor(shipment.id)).toEqual([
        expect.objectContaining({
          queue: 'tracker',
          job_name: 'refresh-shipment',
          payload: { shipmentId: shipment.id, reason: 'manual' },
          account_id: owner.account.id,
          completed_at: null,
        }),
      ]);
      const again = await patch(owner, `/v2/shipments/${shipment.id}/stop_tracking`);
      expect(again.status).toBe(200);
      expect(dataOf(again).attributes['line_tracking_stopped_at']).toBe(dataOf(response).attributes['line_tracking_stopped_at']);
      expect(await outboxFor(shipment.id)).toHaveLength(1);
    });

    it('keeps a stop the service made (its reason) when the client stops too', async () => {
      const stoppedAt = new Date('2026-08-01T00:00:00Z');
      const shipment = await createShipment(ctx.db.dataSource, owner.account.id, {
        line_tracking_stopped_at: stoppedAt,
        line_tracking_stopped_reason: 'all_containers_terminated',
      });
      const response = await patch(owner, `/v2/shipments/${shipment.id}/stop_tracking`);
      expect(dataOf(response).attributes).toMatchObject({
        line_tracking_stopped_at: stoppedAt.toISOString(),
        line_tracking_stopped_reason: 'all_containers_terminated',
      });
      expect(await outboxFor(shipment.id)).toEqual([]);
    });

    it('resumes a stopped shipment: tracked again, with a resume outbox row that refreshes it now; resuming a tracked one changes nothing', async () => {
      const shipment = await createShipment(ctx.db.dataSource, owner.account.id, {
        line_tracking_stopped_at: new Date(),
        line_tracking_stopped_reason: 'cancelled_by_user',
      });
      const response = await patch(owner, `/v2/shipments/${shipment.id}/resume_tracking`);
      expect(response.status).toBe(200);
      expect(dataOf(response).attributes).toMatchObject({ line_tracking_stopped_at: null, line_tracking_stopped_reason: null });
      const row = await shipmentRow(shipment.id);
      expect(row.tracking_stopped).toBe(false);
      expect(await outboxFor(shipment.id)).toEqual([expect.objectContaining({ payload: { shipmentId: shipment.id, reason: 'resume' } })]);
      expect((await patch(owner, `/v2/shipments/${shipment.id}/resume_tracking`)).status).toBe(200);
      expect(await outboxFor(shipment.id)).toHaveLength(1);
    });

    it.each([
      ['the free plan', { plan: 'free' as const }],
      ['an ended trial', { plan: 'trial' as const, trialEndsAt: new Date(Date.now() - 24 * 3600 * 1000) }],
    ])('on %s: stops and resumes, answering only the shipment id and its stop, no tracking data', async (_label, plan) => {
      const lapsed = await ctx.account({ ...plan, company: `Lapsed ${plan.plan}` });
      const shipment = await createShipment(ctx.db.dataSource, lapsed.account.id, {
        bill_of_lading_number: 'MAEU300000001',
        normalized_number: 'MAEU300000001',
      });
      const stopped = await patch(lapsed, `/v2/shipments/${shipment.id}/stop_tracking`);
      expect(stopped.status).toBe(200);
      expect(stopped.json).toEqual({
        data: {
          id: shipment.id,
          type: 'shipment',
          attributes: { line_tracking_stopped_at: expect.any(String) as unknown, line_tracking_stopped_reason: 'cancelled_by_user' },
          links: { self: `/v2/shipments/${shipment.id}` },
        },
        meta: { tracking_data_withheld: true, plan: plan.plan, detail: expect.stringContaining('reading tracking data') as unknown },
      });
      const resumed = await patch(lapsed, `/v2/shipments/${shipment.id}/resume_tracking`);
      expect(resumed.status).toBe(200);
      expect(dataOf(resumed).attributes).toEqual({ line_tracking_stopped_at: null, line_tracking_stopped_reason: null });
      expect((await shipmentRow(shipment.id)).tracking_stopped).toBe(false);
    });

    it("frees the containers of a stopped shipment from a free account's cap, and holds a resume to it", async () => {
      const free = await ctx.account({ plan: 'free', company: 'Free stopper' });
      const shipment = await createShipment(ctx.db.dataSource, free.account.id);
      for (let i = 0; i < 3; i += 1) await createContainer(ctx.db.dataSource, free.account.id, { shipment_id: shipment.id });
      const track = (n: number): Promise<InjectResult> =>
        call(app, 'POST', '/v2/tracking_requests', {
          key: free.key,
          body: {
            data: {
              type: 'tracking_request',
              attributes: { request_number: `MEDUSTOP${n}000`, request_type: 'bill_of_lading', scac: 'MSCU' },
            },
          },
        });
      for (let n = 0; n < 7; n += 1) expect((await track(n)).status).toBe(201);
      expect((await track(7)).status).toBe(403);

      // Stopping is allowed on every plan, so an account at its cap can make room.
      expect((await patch(free, `/v2/shipments/${shipment.id}/stop_tracking`)).status).toBe(200);
      expect((await track(7)).status).toBe(201);

      // 8 waiting requests + the shipment's 3 containers would be 11.
      const refused = await patch(free, `/v2/shipments/${shipment.id}/resume_tracking`);
      expect(refused.status).toBe(403);
      expect((refused.json!['errors'] as { code: string }[])[0]!.code).toBe('plan_not_allowed');
      expect((await shipmentRow(shipment.id)).tracking_stopped).toBe(true);
      expect((await outboxFor(shipment.id)).map((row) => row.payload['reason'])).toEqual(['manual']);
    });
  });

  it('describes every shipment endpoint in the OpenAPI document', async () => {
    const document = (await call(app, 'GET', '/docs/openapi.json')).json as {
      paths: Record<string, Record<string, Record<string, unknown>>>;
    };
    expect(Object.keys(document.paths['/v2/shipments']!)).toEqual(['get']);
    expect(Object.keys(document.paths['/v2/shipments/{id}']!).sort()).toEqual(['get', 'patch']);
    expect(Object.keys(document.paths['/v2/shipments/{id}/stop_tracking']!)).toEqual(['patch']);
    expect(Object.keys(document.paths['/v2/shipments/{id}/resume_tracking']!)).toEqual(['patch']);
    expect(document.paths['/v2/shipments/{id}']!['patch']!['requestBody']).toBeDefined();
    expect(JSON.stringify(document.paths['/v2/shipments']!['get']!['responses'])).toContain('line_tracking_stopped_reason');
  });
});
