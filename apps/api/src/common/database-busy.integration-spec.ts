import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { ProvisionedAccount } from '@quayside/data-access';
import { eventually } from '@quayside/testing';
import type { QueryRunner } from 'typeorm';
import { ApiTestContext, call } from '../test/api-test-app';

/**
 * DATABASE_POOL_SIZE and DATABASE_POOL_TIMEOUT_MS in the api: when every connection of its pool
 * is busy, a request waits its bounded turn and is then answered 503 with Retry-After, as a
 * JSON:API error, instead of hanging as long as the pool stays full. The pool is made full here
 * by two requests that wait on a lock the test holds (a table lock on the API keys every request
 * looks up), so nothing depends on timing.
 */
describe('the api when its database pool is exhausted', () => {
  let ctx: ApiTestContext;
  let app: NestFastifyApplication;
  let account: ProvisionedAccount;
  let locker: QueryRunner;

  beforeAll(async () => {
    ctx = await ApiTestContext.create();
    account = await ctx.account();
    app = await ctx.startApp({ DATABASE_POOL_SIZE: 2, DATABASE_POOL_TIMEOUT_MS: 500, AUTH_CACHE_TTL_SECONDS: 0 });
    locker = ctx.db.dataSource.createQueryRunner();
    await locker.connect();
  });

  afterAll(async () => {
    if (!locker.isReleased) {
      await locker.query('ROLLBACK').catch(() => undefined);
      await locker.release();
    }
    await ctx.close();
  });

  it('answers 503 with Retry-After after its bounded wait while both connections are busy, and serves again once they are free', async () => {
    await expect(call(app, 'GET', '/v2/account', { key: account.key })).resolves.toMatchObject({ status: 200 });

    await locker.query('BEGIN');
    await locker.query('LOCK TABLE api_keys IN ACCESS EXCLUSIVE MODE');
    const holding = [call(app, 'GET', '/v2/account', { key: account.key }), call(app, 'GET', '/v2/account', { key: account.key })];
    await eventually(
      () =>
        ctx.db.dataSource.query<{ waiting: number }[]>(
          `SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        ),
      (rows) => rows[0]?.waiting === 2,
      "both connections of the api's pool waiting on the lock",
    );

    const refused = await call(app, 'GET', '/v2/account', { key: account.key });
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.headers['content-type']).toMatch(/^application\/vnd\.api\+json/);
    expect(refused.json).toEqual({
      errors: [
        {
          status: '503',
          title: 'Service Unavailable',
          detail: 'The database could not take the request in time. Try again shortly.',
          code: 'database_busy',
        },
      ],
    });

    await locker.query('COMMIT');
    const held = await Promise.all(holding);
    expect(held.map((response) => response.status)).toEqual([200, 200]);
    await expect(call(app, 'GET', '/v2/account', { key: account.key })).resolves.toMatchObject({ status: 200 });
  });
});
