import { AccountRepository } from '@quayside/data-access';
import { ACCOUNT_FEATURES } from '@quayside/domain';
import { createTestDatabase, TEST_SERVER_URL, TestPgBouncer, testRedisPrefix } from '@quayside/testing';
import type { TestDatabase } from '@quayside/testing';
import { FirstWebhookRun } from './support/first-webhook';
import { deleteRedisKeys } from './support/redis-prefix-cleanup';

interface Stats {
  database: string;
  total_xact_count: string;
}

/**
 * The three apps behind a transaction-mode PgBouncer (Debian 12's 1.18, started by the test on
 * a free port, three server connections for every client of the three apps), with
 * DATABASE_POOL_MODE=transaction and no DATABASE_DIRECT_URL (the apps hold no session; only
 * `migrate` does): a tracking request followed to its signed webhook, every transaction of the
 * apps through the pooler.
 */
describe('the three apps behind a transaction-mode pooler (DATABASE_POOL_MODE=transaction)', () => {
  let db: TestDatabase;
  let bouncer: TestPgBouncer;
  const prefix = testRedisPrefix();
  const apps = new FirstWebhookRun();

  beforeAll(async () => {
    db = await createTestDatabase();
    bouncer = await TestPgBouncer.start({ serverPort: Number(new URL(TEST_SERVER_URL).port), poolMode: 'transaction', poolSize: 3 });
  }, 60_000);

  afterAll(async () => {
    await apps.stop();
    await bouncer?.stop();
    await db?.drop();
    await deleteRedisKeys(prefix);
  }, 60_000);

  it('follows a tracking request to its signed webhook, its transactions sharing three server connections', async () => {
    const { key } = await new AccountRepository(db.dataSource).createWithFirstKey(
      { company_name: 'Pooled Freight', plan: 'paid', trial_ends_at: null, features: [...ACCOUNT_FEATURES] },
      'pooled key',
    );
    const env = {
      DATABASE_URL: bouncer.url(db.name),
      DATABASE_POOL_MODE: 'transaction',
      REDIS_PREFIX: prefix,
    };
    await expect(apps.run(env, key)).resolves.toBe('tracking_request.succeeded');

    const stats = (await bouncer.admin<Stats>('SHOW STATS')).find((row) => row.database === db.name);
    // Boot, the relays' polls, the request, the tracker's and the dispatcher's transactions.
    expect(Number(stats?.total_xact_count)).toBeGreaterThan(50);
    // The apps' pools (up to ten connections each) on at most three server connections.
    const ofThisDatabase = (rows: Array<{ database: string }>): number => rows.filter((row) => row.database === db.name).length;
    expect(ofThisDatabase(await bouncer.admin<{ database: string }>('SHOW CLIENTS'))).toBeGreaterThan(3);
    expect(ofThisDatabase(await bouncer.admin<{ database: string }>('SHOW SERVERS'))).toBeLessThanOrEqual(3);
  }, 240_000);
});
