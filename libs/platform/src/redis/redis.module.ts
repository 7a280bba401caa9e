import type { DynamicModule, OnApplicationShutdown } from '@nestjs/common';
import { Inject, Injectable, Module } from '@nestjs/common';
import { closeRedisClient, createRedisClient } from './redis-connection';
import type { RedisClient, RedisConnectionOptions } from './redis-connection';

export const REDIS = Symbol('REDIS');
export const REDIS_PREFIX = Symbol('REDIS_PREFIX');

@Injectable()
class RedisCloser implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: RedisClient) {}

  async onApplicationShutdown(): Promise<void> {
    await closeRedisClient(this.redis);
  }
}

/**
 * One shared ioredis client per process for everything that is not Bull (rate limits, leases,
 * readiness): a node or a Cluster client (docs/deploy.md). Keys are namespaced by hand with the
 * injected prefix, because Lua scripts must receive their full key names in KEYS (all in one
 * hash slot) to stay Redis Cluster safe.
 */
@Module({})
export class RedisModule {
  static forRoot(options: { connection: RedisConnectionOptions; prefix: string }): DynamicModule {
    return {
      module: RedisModule,
      global: true,
      providers: [
        {
          provide: REDIS,
          useFactory: () =>
            createRedisClient(options.connection, {
              // Fail fast instead of queueing commands forever while Redis is away: callers decide.
              maxRetriesPerRequest: 1,
              enableOfflineQueue: false,
              connectTimeout: 2000,
              lazyConnect: false,
            }),
        },
        { provide: REDIS_PREFIX, useValue: options.prefix },
        RedisCloser,
      ],
      exports: [REDIS, REDIS_PREFIX],
    };
  }
}
