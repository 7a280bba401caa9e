import type { DynamicModule, OnApplicationShutdown } from '@nestjs/common';
import { Inject, Injectable, Module } from '@nestjs/common';
import Redis from 'ioredis';

export const REDIS = Symbol('REDIS');
export const REDIS_PREFIX = Symbol('REDIS_PREFIX');

@Injectable()
class RedisCloser implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

/**
 * One shared ioredis client per process for everything that is not Bull (rate limits,
 * readiness). Keys are namespaced by hand with the injected prefix, because Lua scripts
 * must receive their full key names in KEYS to stay Redis Cluster safe.
 */
@Module({})
export class RedisModule {
  static forRoot(options: { url: string; prefix: string }): DynamicModule {
    return {
      module: RedisModule,
      global: true,
      providers: [
        {
          provide: REDIS,
          useFactory: () =>
            new Redis(options.url, {
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
