import type { CanActivate, ExecutionContext } from '@nestjs/common';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { DomainError, tooManyRequests } from '@quayside/domain';
import { MetricsService } from '@quayside/platform';
import type { FastifyRequest } from 'fastify';
import { isPublic } from '../auth/api-key-auth.guard';
import { accountContextOf } from '../tenancy/current-account.decorator';
import { LimiterCallQueue } from './limiter-call-queue';
import { LocalFallbackLimiter } from './local-fallback-limiter';
import { RATE_LIMIT_BUCKET } from './rate-limit-bucket.decorator';
import type { RateLimitBucketName } from './rate-limit-buckets';
import { RATE_LIMIT_OPTIONS } from './rate-limit-options';
import type { RateLimitOptions } from './rate-limit-options';
import { SlidingWindowRateLimiter } from './sliding-window-rate-limiter';

const LOG_INTERVAL_MS = 10_000;

type Degradation = 'shed_queue_full' | 'shed_too_slow' | 'redis_unreachable';

/**
 * Global, after authentication: counts the request against the account's bucket and answers
 * 429 with Retry-After when the bucket is full. Never admits a request uncounted
 * (docs/rate-limits.md): a check that waits too long or finds too many waiting is shed with 503
 * and Retry-After; while Redis cannot be reached each process keeps to its share of the limit
 * (or refuses, with RATE_LIMIT_FAIL_MODE=closed).
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  private readonly logger = new Logger(RateLimitGuard.name);
  private readonly lastLoggedAt = new Map<Degradation, number>();

  constructor(
    private readonly reflector: Reflector,
    private readonly limiter: SlidingWindowRateLimiter,
    private readonly queue: LimiterCallQueue,
    private readonly fallback: LocalFallbackLimiter,
    private readonly metrics: MetricsService,
    @Inject(RATE_LIMIT_OPTIONS) private readonly options: RateLimitOptions,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (isPublic(this.reflector, context)) return true;
    const account = accountContextOf(context.switchToHttp().getRequest<FastifyRequest>());
    const bucket =
      this.reflector.getAllAndOverride<RateLimitBucketName | undefined>(RATE_LIMIT_BUCKET, [context.getHandler(), context.getClass()]) ??
      'default';
    const limit = this.options.limits[bucket];
    const outcome = await this.queue.run(() => this.limiter.consume(account.accountId, bucket, limit));
    switch (outcome.kind) {
      case 'answered':
        if (!outcome.value.allowed) throw tooManyRequests(outcome.value.retryAfterSeconds);
        return true;
      case 'shed':
        throw this.shed(outcome.reason);
      case 'failed':
        return this.redisUnreachable(outcome.error, this.limiter.key(account.accountId, bucket), limit);
    }
  }

  private shed(reason: 'queue_full' | 'too_slow'): DomainError {
    const degradation = reason === 'queue_full' ? 'shed_queue_full' : 'shed_too_slow';
    this.report(
      degradation,
      reason === 'queue_full'
        ? { pending: this.queue.pending, maxPending: this.options.maxPending }
        : { timeoutMs: this.options.redisTimeoutMs },
      reason === 'queue_full'
        ? 'Rate limiter busy: too many checks waiting for Redis, shedding requests'
        : 'Rate limiter busy: Redis did not answer in time, shedding requests',
    );
    return new DomainError(
      'unavailable',
      {
        title: 'Service Unavailable',
        code: 'rate_limiter_busy',
        detail: 'The service is too busy to check your rate limit right now. Try again after the Retry-After delay.',
      },
      { 'Retry-After': '1' },
    );
  }

  private redisUnreachable(error: unknown, key: string, limit: number): boolean {
    const reason = error instanceof Error ? error.message : 'unknown';
    if (this.options.failMode === 'closed') {
      this.report('redis_unreachable', { reason, failMode: 'closed' }, 'Rate limiter cannot reach Redis: refusing requests');
      throw new DomainError(
        'unavailable',
        {
          title: 'Service Unavailable',
          detail: 'The rate limiter is unavailable, so requests are refused for now. Try again shortly.',
        },
        { 'Retry-After': '1' },
      );
    }
    const share = LocalFallbackLimiter.share(limit, this.options.apiProcesses);
    this.report(
      'redis_unreachable',
      { reason, failMode: 'local', apiProcesses: this.options.apiProcesses },
      'Rate limiter cannot reach Redis: each api process admits at most its share of every limit',
    );
    const decision = this.fallback.consume(key, share);
    if (!decision.allowed) throw tooManyRequests(decision.retryAfterSeconds);
    return true;
  }

  /** Counted every time (quayside_rate_limit_degraded_total); logged at most every 10 s per kind. */
  private report(degradation: Degradation, details: Record<string, unknown>, message: string): void {
    this.metrics.rateLimitDegraded.inc({ reason: degradation });
    const now = Date.now();
    if (now - (this.lastLoggedAt.get(degradation) ?? 0) < LOG_INTERVAL_MS) return;
    this.lastLoggedAt.set(degradation, now);
    this.logger.warn(details, message);
  }
}
