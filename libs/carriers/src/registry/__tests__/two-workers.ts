import { testRedisPrefix } from '@quayside/testing';
import Redis from 'ioredis';
import type { AdapterRegistryConfig } from '../../ports/adapter-config';
import { RedisSourceQuota } from '../../quota/redis-source-quota';
import { AdapterRegistry } from '../adapter-registry';

/** Two tracker-workers' registries for integration tests: each its own, the same Redis and a test key prefix. */
export class TwoWorkers {
  private readonly prefix = testRedisPrefix();
  private readonly redis = new Redis('redis://127.0.0.1:6379');
  private registries: AdapterRegistry[] = [];

  start(config: AdapterRegistryConfig): AdapterRegistry[] {
    this.registries = [0, 1].map(() => new AdapterRegistry(config, { quota: new RedisSourceQuota(this.redis, this.prefix) }));
    return this.registries;
  }

  /** Closes both registries and removes the test's keys. */
  async close(): Promise<void> {
    await Promise.all(this.registries.map((registry) => registry.close()));
    const keys = await this.redis.keys(`${this.prefix}:*`);
    if (keys.length > 0) await this.redis.del(...keys);
    await this.redis.quit();
  }
}
