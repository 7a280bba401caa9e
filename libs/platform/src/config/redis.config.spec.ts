import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { redisNodeOptions } from '../redis/redis-connection';
import { BaseAppConfig } from './base-app.config';
import { ConfigValidationError } from './config-validation.error';
import { loadConfig } from './load-config';

// Not a real certificate: the check at boot is that the file reads and holds PEM certificates.
const PEM = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';
const dir = mkdtempSync(path.join(tmpdir(), 'qs-redis-config-'));
const caFile = path.join(dir, 'ca.crt');
writeFileSync(caFile, PEM);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function problemsOf(env: Record<string, string>): readonly string[] {
  try {
    loadConfig('example', BaseAppConfig, env);
    return [];
  } catch (error) {
    if (error instanceof ConfigValidationError) return error.problems;
    throw error;
  }
}

describe('RedisConfig (every app): one node or a Cluster, TLS with a CA, an ACL login', () => {
  it('defaults to one plain node on loopback', () => {
    const connection = loadConfig('example', BaseAppConfig, {}).redisConnection;
    expect(connection).toEqual({ url: 'redis://127.0.0.1:6379', clusterNodes: [] });
    expect(redisNodeOptions(connection)).toEqual({ host: '127.0.0.1', port: 6379 });
  });

  it.each([
    // URL, settings, what every connection gets
    ['redis://cache:6380/2', {}, { host: 'cache', port: 6380, db: 2 }],
    ['rediss://cache', {}, { host: 'cache', port: 6379, tls: {} }],
    ['rediss://cache:6380', { REDIS_TLS_CA_FILE: caFile }, { host: 'cache', port: 6380, tls: { ca: PEM } }],
    ['rediss://app:s%40cret@cache', {}, { host: 'cache', port: 6379, username: 'app', password: 's@cret', tls: {} }],
    [
      'rediss://app:old@cache',
      { REDIS_USERNAME: 'quayside', REDIS_PASSWORD: 'from-a-secret' },
      { host: 'cache', port: 6379, username: 'quayside', password: 'from-a-secret', tls: {} },
    ],
    ['redis://:only-a-password@cache', {}, { host: 'cache', port: 6379, password: 'only-a-password' }],
  ])('%s with %j', (url, settings, expected) => {
    expect(redisNodeOptions(loadConfig('example', BaseAppConfig, { REDIS_URL: url, ...settings }).redisConnection)).toEqual(expected);
  });

  it('reads the seed nodes of a Cluster', () => {
    const connection = loadConfig('example', BaseAppConfig, {
      REDIS_URL: 'rediss://quayside:pw@node-a:6379',
      REDIS_CLUSTER_NODES: 'node-b:6379, node-c:6380,[::1]:7000',
    }).redisConnection;
    expect(connection.clusterNodes).toEqual([
      { host: 'node-b', port: 6379 },
      { host: 'node-c', port: 6380 },
      { host: '::1', port: 7000 },
    ]);
  });

  it.each([
    [{ REDIS_URL: 'localhost:6379' }, 'REDIS_URL: REDIS_URL must be a redis:// or rediss:// URL'],
    [{ REDIS_TLS_CA_FILE: caFile }, 'REDIS_TLS_CA_FILE: REDIS_TLS_CA_FILE is set but REDIS_URL is not a rediss:// (TLS) URL'],
    [
      { REDIS_URL: 'rediss://cache', REDIS_TLS_CA_FILE: path.join(dir, 'missing.crt') },
      'REDIS_TLS_CA_FILE: REDIS_TLS_CA_FILE must name a readable file holding PEM certificates',
    ],
    [
      { REDIS_CLUSTER_NODES: 'node-a,node-b:6379' },
      'REDIS_CLUSTER_NODES: REDIS_CLUSTER_NODES must list host:port seed nodes separated by commas, not "node-a,node-b:6379"',
    ],
  ])('refuses %j, naming the setting', (env, problem) => {
    expect(problemsOf(env)).toEqual([problem]);
  });
});
