import { AccountRepository } from '@quayside/data-access';
import { ACCOUNT_FEATURES } from '@quayside/domain';
import { createRedisClient } from '@quayside/platform';
import type { RedisClient } from '@quayside/platform';
import { createTestCertificates, createTestDatabase, refreshCompleted, TestRedisServer, testRedisPrefix } from '@quayside/testing';
import type { TestCertificates, TestDatabase } from '@quayside/testing';
import { FirstWebhookRun } from './support/first-webhook';

const USER = { name: 'quayside', password: 'tls-test-password' };

/**
 * The three apps against a Redis that speaks TLS only (no plain port) and knows no `default`
 * user, with REDIS_URL rediss://, REDIS_TLS_CA_FILE naming the CA the test made, and the ACL
 * login in REDIS_USERNAME / REDIS_PASSWORD (the server is the test's own: the machine's shared
 * one is never reconfigured). A connection that skipped TLS, checked the certificate against
 * another CA or logged in as anyone else would be refused, so a tracking request followed to its
 * signed webhook, then a refresh carried out by the tracker, show every client of every app (the
 * rate limiter, the leases, the queues) made it; the server's client list shows it too.
 */
describe('Redis over TLS with a CA and an ACL user: the three apps', () => {
  let certificates: TestCertificates;
  let redis: TestRedisServer;
  let db: TestDatabase;
  let observer: RedisClient;
  const prefix = testRedisPrefix();
  const apps = new FirstWebhookRun();

  beforeAll(async () => {
    certificates = await createTestCertificates({ ip: ['127.0.0.1'] });
    redis = await TestRedisServer.start({ tls: { certFile: certificates.certFile, keyFile: certificates.keyFile }, user: USER });
    db = await createTestDatabase();
    observer = createRedisClient({
      url: `rediss://127.0.0.1:${redis.port}`,
      ca: certificates.ca,
      username: USER.name,
      password: USER.password,
    });
  }, 120_000);

  afterAll(async () => {
    await apps.stop();
    observer?.disconnect();
    await redis?.stop();
    await certificates?.remove();
    await db?.drop();
  }, 60_000);

  it('follows a tracking request to its signed webhook and a refresh to its completion, every connection over TLS as the ACL user', async () => {
    const { key } = await new AccountRepository(db.dataSource).createWithFirstKey(
      { company_name: 'TLS Redis Freight', plan: 'paid', trial_ends_at: null, features: [...ACCOUNT_FEATURES] },
      'tls redis key',
    );
    const env = {
      DATABASE_URL: db.url,
      REDIS_URL: `rediss://127.0.0.1:${redis.port}`,
      REDIS_TLS_CA_FILE: certificates.caFile,
      REDIS_USERNAME: USER.name,
      REDIS_PASSWORD: USER.password,
      REDIS_PREFIX: prefix,
    };
    await expect(apps.run(env, key)).resolves.toBe('tracking_request.succeeded');

    const { containerId, message } = await apps.refreshFirstContainer();
    expect(message).toMatch(/^Started refresh for /);
    // The tracker took the refresh from its Bull queue (over TLS) and completed it.
    await refreshCompleted(db.dataSource, containerId);

    // The rate limiter counted the api's requests in this Redis.
    const limiterKeys = await observer.keys(`${prefix}:rl:*`);
    expect(limiterKeys.length).toBeGreaterThan(0);
    // Every client of the server logged in as the ACL user: the three apps' shared clients and
    // their Bull connections (a TLS-only server has no other way in).
    const clients = String(await observer.call('CLIENT', 'LIST'))
      .trim()
      .split('\n')
      .map((line) => /(?:^| )user=(\S+)/.exec(line)?.[1]);
    expect(clients.length).toBeGreaterThanOrEqual(9);
    expect(new Set(clients)).toEqual(new Set([USER.name]));
  }, 300_000);

  it('refuses a client that does not trust the CA, and one without the login', async () => {
    const untrusting = createRedisClient(
      { url: `rediss://127.0.0.1:${redis.port}`, username: USER.name, password: USER.password },
      { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null },
    );
    const errors: string[] = [];
    untrusting.on('error', (error: Error) => errors.push(error.message));
    await expect(untrusting.connect()).rejects.toThrow();
    untrusting.disconnect();
    expect(errors.join('\n')).toMatch(/certificate/i);
    const anonymous = createRedisClient(
      { url: `rediss://127.0.0.1:${redis.port}`, ca: certificates.ca },
      // No ready check (its INFO would be refused first): the connection is made, the command refused.
      { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, enableReadyCheck: false },
    );
    await anonymous.connect();
    await expect(anonymous.ping()).rejects.toThrow(/NOAUTH/);
    anonymous.disconnect();
  }, 60_000);
});
