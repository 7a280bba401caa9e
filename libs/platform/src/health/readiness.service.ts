import { Inject, Injectable } from '@nestjs/common';
import { HealthCheckService, HealthIndicatorService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import type { HealthCheckResult, HealthIndicatorResult } from '@nestjs/terminus';
import { REDIS } from '../redis/redis.module';
import type { RedisClient } from '../redis/redis-connection';

export interface DependencyStatus {
  status: 'up' | 'down';
  latency_ms?: number;
  error?: string;
}

export interface Readiness {
  status: 'ok' | 'error';
  checks: { database: DependencyStatus; redis: DependencyStatus };
}

/**
 * Readiness is "can this process do its work now": Postgres answers a query and Redis answers
 * PING, each within the timeout. The checks are @nestjs/terminus indicators (its TypeORM ping
 * uses the app's own data source); the answer keeps the shape docs/architecture.md describes,
 * with each dependency's latency.
 */
@Injectable()
export class ReadinessService {
  constructor(
    private readonly health: HealthCheckService,
    private readonly database: TypeOrmHealthIndicator,
    private readonly indicators: HealthIndicatorService,
    @Inject(REDIS) private readonly redis: RedisClient,
  ) {}

  async check(timeoutMs = 2000): Promise<Readiness> {
    const latency: Record<string, number> = {};
    const timed = (key: 'database' | 'redis', check: () => Promise<HealthIndicatorResult>) => async (): Promise<HealthIndicatorResult> => {
      const started = Date.now();
      try {
        return await check();
      } finally {
        latency[key] = Date.now() - started;
      }
    };
    const result = await this.health
      .check([
        timed('database', () => this.database.pingCheck('database', { timeout: timeoutMs })),
        timed('redis', () => this.pingRedis(timeoutMs)),
      ])
      .catch((error: unknown) => failedResult(error));
    const status = (key: 'database' | 'redis'): DependencyStatus => {
      const detail = result.details[key];
      if (detail?.status === 'up') return { status: 'up', latency_ms: latency[key] ?? 0 };
      const message = typeof detail?.['message'] === 'string' ? detail['message'] : 'not answering';
      return { status: 'down', error: message };
    };
    const checks = { database: status('database'), redis: status('redis') };
    return { status: checks.database.status === 'up' && checks.redis.status === 'up' ? 'ok' : 'error', checks };
  }

  private async pingRedis(timeoutMs: number): Promise<HealthIndicatorResult> {
    const indicator = this.indicators.check('redis');
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        this.redis.ping(),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
        }),
      ]);
      return indicator.up();
    } catch (error) {
      return indicator.down({ message: error instanceof Error ? error.message : String(error) });
    } finally {
      clearTimeout(timer);
    }
  }
}

/** Terminus answers a failed check by throwing a 503 whose body is the whole result. */
function failedResult(error: unknown): HealthCheckResult {
  const response =
    typeof error === 'object' && error !== null && 'getResponse' in error && typeof error.getResponse === 'function'
      ? (error.getResponse as () => unknown)()
      : null;
  if (response !== null && typeof response === 'object' && 'details' in response) return response as HealthCheckResult;
  return { status: 'error', details: {} };
}
