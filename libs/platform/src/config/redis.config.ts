import { readFileSync } from 'node:fs';
import { IsString, Matches, ValidateBy } from 'class-validator';
import type { ValidationArguments } from 'class-validator';
import type { RedisConnectionOptions } from '../redis/redis-connection';
import { DatabaseConfig } from './database.config';
import { readsAsPem } from './pem-file';

const HOST_PORT = /^(\[[0-9a-fA-F:]+\]|[A-Za-z0-9.-]+):\d{1,5}$/;

function clusterNodesOf(value: string): string[] {
  return value
    .split(',')
    .map((node) => node.trim())
    .filter((node) => node !== '');
}

/**
 * How a process reaches Redis: one node or a Cluster, TLS with a CA, an ACL login (docs/deploy.md,
 * "Production Redis and PostgreSQL"). Every app's configuration extends it (through BaseAppConfig):
 * the rate limiter, the endpoint leases and the Bull queues all connect with it.
 */
export class RedisConfig extends DatabaseConfig {
  /** `redis://` or `rediss://` (TLS), with `user:password@` when the server wants a login. */
  @Matches(/^rediss?:\/\/.+/, { message: 'REDIS_URL must be a redis:// or rediss:// URL' })
  REDIS_URL: string = 'redis://127.0.0.1:6379';

  /** Namespace for every Redis key (Bull queues, rate limits), so deployments and test runs can share a server. */
  @IsString()
  @Matches(/^[A-Za-z0-9:_-]+$/, { message: 'REDIS_PREFIX may only hold letters, digits, ":", "_" and "-"' })
  REDIS_PREFIX: string = 'quayside';

  /** PEM file of the CA(s) the Redis server's certificate must lead to (rediss://); empty: Node's bundled CAs. */
  @ValidateBy({
    name: 'isPemFile',
    validator: {
      validate: readsAsPem,
      defaultMessage: () => 'REDIS_TLS_CA_FILE must name a readable file holding PEM certificates',
    },
  })
  @ValidateBy({
    name: 'caNeedsTls',
    validator: {
      validate: (value: unknown, args?: ValidationArguments) =>
        value === '' || /^rediss:/.test((args?.object as RedisConfig | undefined)?.REDIS_URL ?? ''),
      defaultMessage: () => 'REDIS_TLS_CA_FILE is set but REDIS_URL is not a rediss:// (TLS) URL',
    },
  })
  REDIS_TLS_CA_FILE: string = '';

  /** ACL user (Redis 6+); overrides the URL's. Empty: the URL's, or none (the `default` user). */
  @IsString()
  REDIS_USERNAME: string = '';

  /** Password of the ACL user (or of `requirepass`); overrides the URL's, so a Secret can hold it alone. */
  @IsString()
  REDIS_PASSWORD: string = '';

  /**
   * Redis Cluster: seed nodes, `host:port` separated by commas (REDIS_URL's host is one more, and
   * its scheme and login apply to every node). Empty: REDIS_URL is one Redis node.
   */
  @ValidateBy({
    name: 'isNodeList',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && clusterNodesOf(value).every((node) => HOST_PORT.test(node)),
      defaultMessage: (args?: ValidationArguments) =>
        `REDIS_CLUSTER_NODES must list host:port seed nodes separated by commas, not "${String(args?.value ?? '')}"`,
    },
  })
  REDIS_CLUSTER_NODES: string = '';

  /** What every Redis client of the process is made from (reads the CA file). */
  get redisConnection(): RedisConnectionOptions {
    return {
      url: this.REDIS_URL,
      ...(this.REDIS_TLS_CA_FILE === '' ? {} : { ca: readFileSync(this.REDIS_TLS_CA_FILE, 'utf8') }),
      ...(this.REDIS_USERNAME === '' ? {} : { username: this.REDIS_USERNAME }),
      ...(this.REDIS_PASSWORD === '' ? {} : { password: this.REDIS_PASSWORD }),
      clusterNodes: clusterNodesOf(this.REDIS_CLUSTER_NODES).map((node) => {
        const at = node.lastIndexOf(':');
        return { host: node.slice(0, at).replace(/^\[(.*)\]$/, '$1'), port: Number(node.slice(at + 1)) };
      }),
    };
  }
}
