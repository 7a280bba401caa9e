import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BaseAppConfig } from './base-app.config';
import { ConfigValidationError } from './config-validation.error';
import { DatabaseConfig } from './database.config';
import { loadConfig } from './load-config';
import { WorkerAppConfig } from './worker-app.config';

// Not a real certificate: the check at boot is that the file reads and holds PEM certificates.
const PEM = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';
const dir = mkdtempSync(path.join(tmpdir(), 'qs-db-config-'));
const caFile = path.join(dir, 'ca.crt');
const notPem = path.join(dir, 'key.txt');
writeFileSync(caFile, PEM);
writeFileSync(notPem, 'not a certificate');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function problemsOf(env: Record<string, string>, configClass: new () => object = BaseAppConfig): readonly string[] {
  try {
    loadConfig('example', configClass, env);
    return [];
  } catch (error) {
    if (error instanceof ConfigValidationError) return error.problems;
    throw error;
  }
}

describe('DatabaseConfig (every app, and the command-line tools)', () => {
  it('defaults to a plain connection, a pool of 10, and a session (no pooler, or a session-mode one)', () => {
    expect(loadConfig('example', BaseAppConfig, {}).databaseConnection).toEqual({
      databaseUrl: 'postgres://postgres@127.0.0.1:5432/quayside',
      poolSize: 10,
      poolTimeoutMs: 5_000,
      poolMode: 'session',
    });
  });

  it('lets a worker wait longer for a connection than a request does', () => {
    expect(loadConfig('example', WorkerAppConfig, {}).databaseConnection.poolTimeoutMs).toBe(60_000);
    expect(loadConfig('example', WorkerAppConfig, { DATABASE_POOL_TIMEOUT_MS: '2000' }).databaseConnection.poolTimeoutMs).toBe(2_000);
  });

  it('reads the CA file once the settings are valid, and passes the mode and the pool on', () => {
    const config = loadConfig('example', BaseAppConfig, {
      DATABASE_SSL_MODE: 'verify-full',
      DATABASE_SSL_CA_FILE: caFile,
      DATABASE_POOL_SIZE: '25',
      DATABASE_POOL_TIMEOUT_MS: '1500',
    });
    expect(config.databaseConnection).toMatchObject({ tls: { mode: 'verify-full', ca: PEM }, poolSize: 25, poolTimeoutMs: 1_500 });
    expect(loadConfig('example', BaseAppConfig, { DATABASE_SSL_MODE: 'verify-full' }).databaseConnection.tls).toEqual({
      mode: 'verify-full',
    });
  });

  it('behind a transaction-mode pooler, connects the session-bound work to DATABASE_DIRECT_URL; the apps need none', () => {
    const config = loadConfig('example', BaseAppConfig, {
      DATABASE_URL: 'postgres://quayside@pgbouncer:6432/quayside',
      DATABASE_POOL_MODE: 'transaction',
      DATABASE_DIRECT_URL: 'postgres://quayside@postgres:5432/quayside',
    });
    expect(config.databaseConnection).toMatchObject({
      poolMode: 'transaction',
      databaseUrl: 'postgres://quayside@pgbouncer:6432/quayside',
    });
    expect(config.sessionDatabaseUrl).toBe('postgres://quayside@postgres:5432/quayside');
    // An app holds no session (only `migrate` does, and refuses to start without the address).
    const app = loadConfig('example', BaseAppConfig, { DATABASE_POOL_MODE: 'transaction' });
    expect(app.sessionDatabaseUrl).toBeNull();
  });

  // An operator must learn from one failed start which variable to fix, and how.
  it.each([
    [{ DATABASE_SSL_MODE: 'prefer' }, 'DATABASE_SSL_MODE', /must be one of/],
    [{ DATABASE_SSL_MODE: 'verify-ca' }, 'DATABASE_SSL_MODE', /verify-ca needs DATABASE_SSL_CA_FILE/],
    [{ DATABASE_SSL_MODE: 'verify-full', DATABASE_SSL_CA_FILE: '/nonexistent/ca.crt' }, 'DATABASE_SSL_CA_FILE', /readable file/],
    [{ DATABASE_SSL_MODE: 'verify-full', DATABASE_SSL_CA_FILE: notPem }, 'DATABASE_SSL_CA_FILE', /PEM certificates/],
    [{ DATABASE_URL: 'postgres://db/quayside?sslmode=require' }, 'DATABASE_URL', /must not carry "sslmode": set DATABASE_SSL_MODE/],
    [{ DATABASE_URL: 'postgres://db/quayside?sslrootcert=/ca.crt' }, 'DATABASE_URL', /"sslrootcert"/],
    [{ DATABASE_POOL_SIZE: '0' }, 'DATABASE_POOL_SIZE', /not be less than 1/],
    [{ DATABASE_POOL_TIMEOUT_MS: '10' }, 'DATABASE_POOL_TIMEOUT_MS', /not be less than 100/],
    [{ DATABASE_POOL_MODE: 'statement' }, 'DATABASE_POOL_MODE', /must be one of/],
    [{ DATABASE_DIRECT_URL: 'mysql://db' }, 'DATABASE_DIRECT_URL', /postgres:\/\/ URL/],
  ])('refuses %j, naming %s', (env, variable, message) => {
    const problems = problemsOf(env);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(new RegExp(`^${variable}: `));
    expect(problems[0]).toMatch(message);
  });

  it('is what the tools read alone: the same rules without the apps’ settings', () => {
    expect(problemsOf({ DATABASE_SSL_MODE: 'verify-ca', OUTBOX_POLL_INTERVAL_MS: '1' }, DatabaseConfig)).toEqual([
      'DATABASE_SSL_MODE: DATABASE_SSL_MODE verify-ca needs DATABASE_SSL_CA_FILE (the CA the server certificate must lead to)',
    ]);
  });
});
