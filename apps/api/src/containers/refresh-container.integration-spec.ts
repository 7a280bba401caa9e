import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { ProvisionedAccount } from '@quayside/data-access';
import { createContainer } from '@quayside/testing';
import { ApiTestContext, call } from '../test/api-test-app';

interface OutboxRow {
  queue: string;
  job_name: string;
  payload: Record<string, unknown>;
  account_id: string;
  completed_at: Date | null;
}

describe('PATCH /v2/containers/{id}/refresh', () => {
  let ctx: ApiTestContext;
  let app: NestFastifyApplication;
  let enabled: ProvisionedAccount;

  const outboxFor = (containerId: string): Promise<OutboxRow[]> =>
    ctx.db.dataSource.query<OutboxRow[]>(
      `SELECT queue, job_name, payload, account_id, completed_at FROM outbox WHERE payload->>'containerId' = $1`,
      [containerId],
    );

  beforeAll(async () => {
    ctx = await ApiTestContext.create();
    app = await ctx.startApp();
    enabled = await ctx.account({ company: 'Refresher', features: ['container_refresh'] });
  });

  afterAll(async () => {
    await ctx.close();
  });

  it('queues a refresh-container job for the tracker through the outbox and answers the established API’s message', async () => {
    const [terminal] = await ctx.db.dataSource.query<{ id: string }[]>(`SELECT id FROM terminals LIMIT 1`);
    const container = await createContainer(ctx.db.dataSource, enabled.account.id, {
      pod_terminal_id: terminal!.id,
      ind_rail_carrier_scac: 'BNSF',
    });
    const response = await call(app, 'PATCH', `/v2/containers/${container.id}/refresh`, { key: enabled.key });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ message: 'Started refresh for Shipping line, Terminal, Rail' });
    expect(await outboxFor(container.id)).toEqual([
      {
        queue: 'tracker',
        job_name: 'refresh-container',
        payload: { containerId: container.id },
        account_id: enabled.account.id,
        completed_at: null,
      },
    ]);
  });

  it('names only the sources that apply', async () => {
    const container = await createContainer(ctx.db.dataSource, enabled.account.id);
    const response = await call(app, 'PATCH', `/v2/containers/${container.id}/refresh`, { key: enabled.key });
    expect(response.json).toEqual({ message: 'Started refresh for Shipping line' });
  });

  it('answers 403 naming the feature to an account without container_refresh, and queues nothing', async () => {
    const plain = await ctx.account({ company: 'Plain' });
    const container = await createContainer(ctx.db.dataSource, plain.account.id);
    const response = await call(app, 'PATCH', `/v2/containers/${container.id}/refresh`, { key: plain.key });
    expect(response.status).toBe(403);
    expect(response.json).toEqual({
      errors: [expect.objectContaining({ status: '403', code: 'feature_not_enabled', meta: { feature: 'container_refresh' } })],
    });
    expect(await outboxFor(container.id)).toEqual([]);
  });

  it('answers 401 for another account’s container and 404 for an unknown one, queueing nothing', async () => {
    const other = await ctx.account({ company: 'Other', features: ['container_refresh'] });
    const foreign = await createContainer(ctx.db.dataSource, other.account.id);
    const response = await call(app, 'PATCH', `/v2/containers/${foreign.id}/refresh`, { key: enabled.key });
    expect(response.status).toBe(401);
    expect(response.json).toEqual({ errors: [expect.objectContaining({ status: '401' })] });
    expect(await outboxFor(foreign.id)).toEqual([]);
    expect((await call(app, 'PATCH', '/v2/containers/0f0e0d0c-0b0a-4908-8706-050403020100/refresh', { key: enabled.key })).status).toBe(
      404,
    );
  });

  it('has its own bucket of 10 per minute: the 11th answers 429 with Retry-After, other endpoints still answer', async () => {
    const busy = await ctx.account({ company: 'Busy', features: ['container_refresh'] });
    const container = await createContainer(ctx.db.dataSource, busy.account.id);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1)
      statuses.push((await call(app, 'PATCH', `/v2/containers/${container.id}/refresh`, { key: busy.key })).status);
    expect(statuses).toEqual([...Array<number>(10).fill(200), 429]);
    const limited = await call(app, 'PATCH', `/v2/containers/${container.id}/refresh`, { key: busy.key });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await call(app, 'GET', `/v2/containers/${container.id}`, { key: busy.key })).status).toBe(200);
    expect(await outboxFor(container.id)).toHaveLength(10);
  });
});
