import { Cluster, Redis } from 'ioredis';
import type { ClusterOptions, RedisOptions } from 'ioredis';

/** The shared client of a process: one Redis node, or a Redis Cluster (docs/deploy.md, "Production Redis and PostgreSQL"). */
export type RedisClient = Redis | Cluster;

/** How every Redis connection of a process is made: the rate limiter's, the leases', the queues'. */
export interface RedisConnectionOptions {
  /** `redis://` or `rediss://` (TLS); its login and database number are used too. */
  url: string;
  /** PEM of the CA(s) the server's certificate must lead to (rediss://); absent: Node's bundled CAs. */
  ca?: string;
  /** ACL user and password; they override the URL's. */
  username?: string;
  password?: string;
  /** Seed nodes of a Redis Cluster (the URL's host is one more); empty: one Redis node. */
  clusterNodes?: ReadonlyArray<{ host: string; port: number }>;
}

export function isClusterConnection(connection: RedisConnectionOptions): boolean {
  return (connection.clusterNodes?.length ?? 0) > 0;
}

/**
 * A connection to the Redis at `url` with nothing else set (tests, tools).
 * @internal Exported for tests: the readiness test connects with it.
 */
export function redisConnectionFromUrl(url: string): RedisConnectionOptions {
  return { url };
}

/**
 * The per-node options of ioredis for a connection: address, login, database and TLS, read
 * here once instead of by each library from the URL (Bull's own URL parsing knows no TLS).
 */
export function redisNodeOptions(connection: RedisConnectionOptions): RedisOptions & { host: string; port: number } {
  const url = new URL(connection.url);
  const tls = url.protocol === 'rediss:';
  const username = connection.username ?? decodeURIComponent(url.username);
  const password = connection.password ?? decodeURIComponent(url.password);
  const db = Number(url.pathname.replace(/^\//, '') || '0');
  return {
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: Number(url.port || '6379'),
    ...(username ? { username } : {}),
    ...(password ? { password } : {}),
    ...(db ? { db } : {}),
    ...(tls ? { tls: connection.ca === undefined ? {} : { ca: connection.ca } } : {}),
  };
}

/**
 * A new client: a Redis node, or a Cluster client over the seed nodes with the same login and
 * TLS for every node. `overrides` are per-node options (retries, offline queue, ready check);
 * `clusterOverrides` are the Cluster client's own.
 */
export function createRedisClient(
  connection: RedisConnectionOptions,
  overrides: RedisOptions = {},
  clusterOverrides: ClusterOptions = {},
): RedisClient {
  const { host, port, ...node } = redisNodeOptions(connection);
  if (!isClusterConnection(connection)) return new Redis({ host, port, ...node, ...overrides });
  const seeds = [{ host, port }, ...(connection.clusterNodes ?? []).filter((seed) => seed.host !== host || seed.port !== port)];
  // A Cluster has no databases: SELECT is refused, so `db` is left out.
  const { db: _db, ...perNode } = node;
  return new Cluster(seeds, {
    redisOptions: { ...perNode, ...overrides },
    ...(overrides.enableOfflineQueue === undefined ? {} : { enableOfflineQueue: overrides.enableOfflineQueue }),
    ...clusterOverrides,
  });
}

/**
 * Another connection like `client` with other per-node options (a subscriber, a blocking
 * client): ioredis's `duplicate` takes different arguments for a node and a Cluster.
 */
export function duplicateRedisClient(client: RedisClient, overrides: RedisOptions): RedisClient {
  if (client instanceof Cluster) {
    return client.duplicate(undefined, {
      redisOptions: { ...client.options.redisOptions, ...overrides },
      ...(overrides.enableOfflineQueue === undefined ? {} : { enableOfflineQueue: overrides.enableOfflineQueue }),
    });
  }
  return client.duplicate(overrides);
}

/** Closes a client politely (QUIT) when it is connected, at once otherwise: QUIT would wait for a Redis that is away. */
export async function closeRedisClient(client: RedisClient): Promise<void> {
  if (client.status === 'end') return;
  if (client.status !== 'ready') {
    client.disconnect();
    return;
  }
  await client.quit().then(
    () => undefined,
    () => client.disconnect(),
  );
}
