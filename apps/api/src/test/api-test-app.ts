import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AccountRepository } from '@quayside/data-access';
import type { ProvisionedAccount } from '@quayside/data-access';
import type { AccountFeature, Plan } from '@quayside/domain';
import { createTestDatabase, testRedisPrefix } from '@quayside/testing';
import type { TestDatabase } from '@quayside/testing';
import Redis from 'ioredis';
import { createApiApp } from '../bootstrap/create-api-app';
import { ApiConfig } from '../config/api.config';

export const TEST_REDIS_URL = 'redis://127.0.0.1:6379';

/** The api config a test runs with: its own database and Redis prefix, quiet logs. */
export function testApiConfig(databaseUrl: string, redisPrefix: string, overrides: Partial<ApiConfig> = {}): ApiConfig {
  return Object.assign(new ApiConfig(), {
    DATABASE_URL: databaseUrl,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: redisPrefix,
    LOG_LEVEL: 'silent',
    // The tests read the outbox rows the api writes: its relay looks once at boot and then
    // waits a minute, woken by no commit (tests that want it working say so).
    OUTBOX_POLL_INTERVAL_MS: 60_000,
    OUTBOX_WAKE_ON_COMMIT: 'false',
    // Documents go to the system's temporary directory, one folder per test file, never the work tree.
    STORAGE_LOCAL_DIR: join(tmpdir(), `quayside-documents-${redisPrefix.replace(/[^A-Za-z0-9_-]/g, '_')}`),
    ...overrides,
  });
}

export interface InjectResult {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
  /** The parsed body; `undefined` when empty or not JSON. */
  json: Record<string, unknown> | undefined;
}

export interface CallOptions {
  /** Sent as `Authorization: Token <key>`. */
  key?: string;
  headers?: Record<string, string>;
  /** An object is sent as JSON (application/vnd.api+json unless a content-type header says otherwise); a string as is. */
  body?: unknown;
}

/** One request through the real Fastify stack (no socket). */
export async function call(app: NestFastifyApplication, method: string, url: string, options: CallOptions = {}): Promise<InjectResult> {
  const headers: Record<string, string> = {
    ...(options.key !== undefined ? { authorization: `Token ${options.key}` } : {}),
    ...options.headers,
  };
  let payload: string | undefined;
  if (options.body !== undefined) {
    payload = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    headers['content-type'] ??= 'application/vnd.api+json';
  }
  const response = await app.inject({
    method: method as 'GET',
    url,
    headers,
    ...(payload !== undefined ? { payload } : {}),
  });
  return {
    status: response.statusCode,
    headers: response.headers,
    body: response.body,
    json:
      response.body === '' || !String(response.headers['content-type'] ?? '').includes('json')
        ? undefined
        : (JSON.parse(response.body) as Record<string, unknown>),
  };
}

/**
 * Everything an api integration test file needs: its own database and Redis prefix, the real
 * app (as `createApiApp` builds it for production), and accounts with keys.
 */
export class ApiTestContext {
  readonly apps: NestFastifyApplication[] = [];

  private constructor(
    readonly db: TestDatabase,
    readonly redisPrefix: string,
  ) {}

  static async create(): Promise<ApiTestContext> {
    return new ApiTestContext(await createTestDatabase(), testRedisPrefix());
  }

  /** Another api process on the same database and Redis prefix. */
  async startApp(overrides: Partial<ApiConfig> = {}): Promise<NestFastifyApplication> {
    const app = await createApiApp(testApiConfig(this.db.url, this.redisPrefix, overrides));
    await app.getHttpAdapter().getInstance().ready();
    this.apps.push(app);
    return app;
  }

  async account(
    options: { plan?: Plan; features?: AccountFeature[]; trialEndsAt?: Date | null; company?: string } = {},
  ): Promise<ProvisionedAccount> {
    return new AccountRepository(this.db.dataSource).createWithFirstKey(
      {
        company_name: options.company ?? 'Test Company',
        plan: options.plan ?? 'paid',
        trial_ends_at: options.trialEndsAt ?? null,
        features: options.features ?? [],
      },
      'first key',
    );
  }

  /** Deletes this test's Redis keys only (rate-limit buckets and queues under its prefix). */
  async clearRedis(): Promise<void> {
    const redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
    try {
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${this.redisPrefix}:*`, 'COUNT', 500);
        if (keys.length > 0) await redis.del(...keys);
        cursor = next;
      } while (cursor !== '0');
    } finally {
      redis.disconnect();
    }
  }

  async close(): Promise<void> {
    await this.clearRedis().catch(() => undefined);
    for (const app of this.apps.splice(0)) await app.close();
    await this.db.drop();
  }
}
