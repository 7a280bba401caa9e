import { performance } from 'node:perf_hooks';
import type { DynamicModule } from '@nestjs/common';
import { Module } from '@nestjs/common';
import { REDIS, REDIS_PREFIX } from '@quayside/platform';
import type { RedisClient } from '@quayside/platform';
import { LimiterCallQueue } from './limiter-call-queue';
import { LocalFallbackLimiter } from './local-fallback-limiter';
import { RATE_LIMIT_OPTIONS } from './rate-limit-options';
import type { RateLimitOptions } from './rate-limit-options';
import { RateLimitGuard } from './rate-limit.guard';
import { SlidingWindowRateLimiter } from './sliding-window-rate-limiter';

/** Uses the process's shared Redis client and key prefix (platform RedisModule). */
@Module({})
export class RateLimitModule {
  static forRoot(options: RateLimitOptions): DynamicModule {
    return {
      module: RateLimitModule,
      providers: [
        { provide: RATE_LIMIT_OPTIONS, useValue: options },
        {
          provide: SlidingWindowRateLimiter,
          inject: [REDIS, REDIS_PREFIX],
          useFactory: (redis: RedisClient, prefix: string) =>
            new SlidingWindowRateLimiter(redis, {
              prefix,
              windowMs: options.windowMs,
              // Read on each request, so a test can start playing the clock after boot.
              get clockMicros() {
                return options.clockMicros;
              },
            }),
        },
        {
          provide: LimiterCallQueue,
          useFactory: () => new LimiterCallQueue({ maxPending: options.maxPending, timeoutMs: options.redisTimeoutMs }),
        },
        {
          provide: LocalFallbackLimiter,
          useFactory: () =>
            new LocalFallbackLimiter(options.windowMs * 1000, () => options.clockMicros?.() ?? Math.round(performance.now() * 1000)),
        },
        RateLimitGuard,
      ],
      exports: [RateLimitGuard, SlidingWindowRateLimiter, RATE_LIMIT_OPTIONS],
    };
  }
}
