import { Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import type { DataSource } from 'typeorm';

export interface DependencyStatus {
  status: 'up' | 'down';
  latency_ms?: number;
  error?: string;
}

export interface Readiness {
  status: 'ok' | 'error';
  checks: { database: DependencyStatus; redis: DependencyStatus };
}

async function timed(check: () => Promise<unknown>, timeoutMs: number): Promise<DependencyStatus> {
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
    return { status: 'up', latency_ms: Date.now() - started };
  } catch (error) {
    return { status: 'down', error: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
}

/** Readiness is "can this process do its work now": Postgres answers a query and Redis answers PING. */
@Injectable()
export class ReadinessService {
  async check(dataSource: DataSource, redis: Redis, timeoutMs = 2000): Promise<Readiness> {
    const [database, redisStatus] = await Promise.all([
      timed(() => dataSource.query('SELECT 1'), timeoutMs),
      timed(() => redis.ping(), timeoutMs),
    ]);
    return { status: database.status === 'up' && redisStatus.status === 'up' ? 'ok' : 'error', checks: { database, redis: redisStatus } };
  }
}
