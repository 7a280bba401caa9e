import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { AccountRepository, createDatabaseConnection } from '@quayside/data-access';
import type { DatabaseConnection } from '@quayside/data-access';
import { ACCOUNT_FEATURES } from '@quayside/domain';
import { createTestCertificates, TestPostgresServer, testRedisPrefix } from '@quayside/testing';
import type { TestCertificates } from '@quayside/testing';
import { ROOT } from './support/app-process';
import { FirstWebhookRun } from './support/first-webhook';
import { deleteRedisKeys } from './support/redis-prefix-cleanup';

const run = promisify(execFile);

/**
 * The three apps and the migrate tool against a PostgreSQL that accepts TLS only, each with
 * DATABASE_SSL_MODE=verify-full and the CA the test made (the server is the test's own: the
 * machine's shared one is never reconfigured). A connection that skipped TLS would be refused,
 * so a tracking request followed to its signed webhook shows every connection of every app
 * (their pools) went over TLS; pg_stat_ssl shows it too.
 */
describe('PostgreSQL over TLS (verify-full with a CA): migrate and the three apps', () => {
  let certificates: TestCertificates;
  let server: TestPostgresServer;
  let observer: DatabaseConnection;
  const prefix = testRedisPrefix();
  const apps = new FirstWebhookRun();
  let tlsEnv: Record<string, string>;

  beforeAll(async () => {
    certificates = await createTestCertificates({ ip: ['127.0.0.1'] });
    server = await TestPostgresServer.start({ tls: { certFile: certificates.certFile, keyFile: certificates.keyFile }, tlsOnly: true });
    tlsEnv = { DATABASE_URL: server.url('quayside'), DATABASE_SSL_MODE: 'verify-full', DATABASE_SSL_CA_FILE: certificates.caFile };
  }, 120_000);

  afterAll(async () => {
    await apps.stop();
    if (observer?.isInitialized) await observer.destroy();
    await server?.stop();
    await certificates?.remove();
    await deleteRedisKeys(prefix);
  }, 60_000);

  it('migrate creates and migrates the database over TLS, and refuses to try without it', async () => {
    const migrate = (env: Record<string, string>): Promise<{ stdout: string; stderr: string }> =>
      run(process.execPath, ['-r', '@swc-node/register', 'tools/cli/migrate.ts'], {
        cwd: ROOT,
        env: { PATH: process.env.PATH ?? '', ...env },
      });
    const { stdout } = await migrate(tlsEnv);
    expect(stdout).toContain('Created the database.');
    expect(stdout).toContain('Reference data loaded.');
    const refused = await migrate({ ...tlsEnv, DATABASE_SSL_MODE: 'disable' }).then(
      () => '',
      (error: { stderr: string }) => error.stderr,
    );
    expect(refused).toMatch(/no encryption/);
  }, 120_000);

  it('the three apps, every connection over TLS, follow a tracking request to its signed webhook', async () => {
    observer = createDatabaseConnection(server.url('quayside'), {}, { tls: { mode: 'verify-full', ca: certificates.ca } });
    await observer.initialize();
    const { key } = await new AccountRepository(observer).createWithFirstKey(
      { company_name: 'TLS Freight', plan: 'paid', trial_ends_at: null, features: [...ACCOUNT_FEATURES] },
      'tls key',
    );
    await expect(apps.run({ ...tlsEnv, REDIS_PREFIX: prefix }, key)).resolves.toBe('tracking_request.succeeded');

    const sessions = await observer.query<{ application_name: string; ssl: boolean }[]>(
      `SELECT a.application_name, s.ssl FROM pg_stat_activity a JOIN pg_stat_ssl s USING (pid)
        WHERE a.datname = 'quayside' AND a.backend_type = 'client backend' AND a.pid <> pg_backend_pid()`,
    );
    // The three apps' pools, all encrypted.
    expect(sessions.length).toBeGreaterThanOrEqual(3);
    expect(sessions.filter((session) => !session.ssl)).toEqual([]);
  }, 240_000);
});
