import { Test } from '@nestjs/testing';
import type { TestingModule } from '@nestjs/testing';
import { DataAccessModule } from '@quayside/data-access';
import { createTestDatabase, testRedisPrefix } from '@quayside/testing';
import type { TestDatabase } from '@quayside/testing';
import { once } from 'node:events';
import type Redis from 'ioredis';
import { REDIS, RedisModule } from '../redis/redis.module';
import { redisConnectionFromUrl } from '../redis/redis-connection';
import { ReadinessModule } from './readiness.module';
import { ReadinessService } from './readiness.service';

/** What an orchestrator polling /health/ready sees, against the real Postgres and a Redis that answers or not. */
describe('ReadinessService', () => {
  let db: TestDatabase;
  const boot = async (redisUrl: string): Promise<TestingModule> => {
    const module = await Test.createTestingModule({
      imports: [
        DataAccessModule.forRoot({ databaseUrl: db.url }),
        RedisModule.forRoot({ connection: redisConnectionFromUrl(redisUrl), prefix: testRedisPrefix() }),
        ReadinessModule,
      ],
    }).compile();
    await module.init();
    return module;
  };

  beforeAll(async () => {
    db = await createTestDatabase();
  });

  afterAll(async () => {
    await db.drop();
  });

  it("is ok when Postgres and Redis answer, with each one's latency", async () => {
    const module = await boot('redis://127.0.0.1:6379');
    try {
      // Until its client has connected the process is rightly not ready; on a loaded machine that
      // can outlast the boot, so wait for the connection rather than for the clock.
      const redis = module.get<Redis>(REDIS);
      if (redis.status !== 'ready') await once(redis, 'ready');
      const readiness = await module.get(ReadinessService).check();
      expect(readiness).toEqual({
        status: 'ok',
        checks: {
          database: { status: 'up', latency_ms: expect.any(Number) as unknown },
          redis: { status: 'up', latency_ms: expect.any(Number) as unknown },
        },
      });
    } finally {
      await module.close();
    }
  });

  it('says which dependency is down, and why', async () => {
    // Nothing listens on port 1: Redis never answers.
    const module = await boot('redis://127.0.0.1:1');
    try {
      const readiness = await module.get(ReadinessService).check(500);
      expect(readiness.status).toBe('error');
      expect(readiness.checks.database.status).toBe('up');
      expect(readiness.checks.redis).toEqual({ status: 'down', error: expect.any(String) as unknown });
    } finally {
      await module.close();
    }
  });
});
