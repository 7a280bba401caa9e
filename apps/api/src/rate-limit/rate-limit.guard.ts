import type { CanActivate, ExecutionContext } from '@nestjs/common';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { DomainError, tooManyRequests } from '@quayside/domain';
import type { FastifyRequest } from 'fastify';
import { isPublic } from '../auth/api-key-auth.guard';
import { accountContextOf } from '../tenancy/current-account.decorator';
import { RATE_LIMIT_BUCKET } from './rate-limit-bucket.decorator';
import type { RateLimitBucketName } from './rate-limit-buckets';
import { RATE_LIMIT_OPTIONS } from './rate-limit-options';
import type { RateLimitOptions } from './rate-limit-options';
import { SlidingWindowRateLimiter } from './sliding-window-rate-limiter';

const FAIL_LOG_INTERVAL_MS = 10_000;

/**
 * Global, after authentication: counts the request against the account's bucket and answers
 * 429 with Retry-After when the bucket is full. When Redis cannot be asked the configured
 * fail mode decides (docs/rate-limits.md).
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  private readonly logger = new Logger(RateLimitGuard.name);
  private lastFailureLoggedAt = 0;

  constructor(
    private readonly reflector: Reflector,
    private readonly limiter: SlidingWindowRateLimiter,
    @Inject(RATE_LIMIT_OPTIONS) private readonly options: RateLimitOptions,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (isPublic(this.reflector, context)) return true;
    const account = accountContextOf(context.switchToHttp().getRequest<FastifyRequest>());
    const bucket =
      this.reflector.getAllAndOverride<RateLimitBucketName | undefined>(RATE_LIMIT_BUCKET, [context.getHandler(), context.getClass()]) ??
      'default';
    let decision;
    try {
      decision = await this.limiter.consume(account.accountId, bucket, this.options.limits[bucket]);
    } catch (error: unknown) {
      return this.redisUnavailable(error);
    }
    if (!decision.allowed) throw tooManyRequests(decision.retryAfterSeconds);
    return true;
  }

  private redisUnavailable(error: unknown): boolean {
    const now = Date.now();
    if (now - this.lastFailureLoggedAt >= FAIL_LOG_INTERVAL_MS) {
      this.lastFailureLoggedAt = now;
      this.logger.warn(
        { reason: error instanceof Error ? error.message : 'unknown', failMode: this.options.failMode },
        this.options.failMode === 'open'
          ? 'Rate limiter unavailable: admitting requests unlimited'
          : 'Rate limiter unavailable: refusing requests',
      );
    }
    if (this.options.failMode === 'open') return true;
    throw new DomainError(
      'unavailable',
      {
        title: 'Service Unavailable',
        detail: 'The rate limiter is unavailable, so requests are refused for now. Try again shortly.',
      },
      { 'Retry-After': '1' },
    );
  }
}
