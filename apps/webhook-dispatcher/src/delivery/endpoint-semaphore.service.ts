import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { REDIS, REDIS_PREFIX } from '@quayside/platform';
import type { RedisClient } from '@quayside/platform';
import { WebhookDispatcherConfig } from '../config/webhook-dispatcher.config';
import { ACQUIRE_LEASES_LUA } from './endpoint-semaphore.script';

/** A held slot of one endpoint; `release` is idempotent. */
export interface EndpointLease {
  release(): Promise<void>;
}

const NO_LEASE_NEEDED: EndpointLease = { release: async () => undefined };

/**
 * Caps deliveries in flight per webhook across every dispatcher process: a Redis sorted set
 * of leases per webhook, each expiring after the attempt timeout plus a margin. When Redis
 * cannot answer, deliveries go ahead uncapped (the cap protects receivers; losing it for a
 * while loses nothing), and a warning says so once.
 */
@Injectable()
export class EndpointSemaphoreService {
  private readonly logger = new Logger('EndpointSemaphore');
  private warned = false;

  constructor(
    @Inject(REDIS) private readonly redis: RedisClient,
    @Inject(REDIS_PREFIX) private readonly prefix: string,
    private readonly config: WebhookDispatcherConfig,
  ) {}

  key(webhookId: string): string {
    return `${this.prefix}:webhook-endpoint:{${webhookId}}`;
  }

  /** How long a lease lasts unless released: the attempt timeout and a margin. */
  get leaseMs(): number {
    return this.config.WEBHOOK_TIMEOUT_MS + 15_000;
  }

  /** A lease on one of the webhook's slots, or null when all are taken. */
  async acquire(webhookId: string): Promise<EndpointLease | null> {
    const [lease] = await this.acquireMany(webhookId, 1);
    return lease ?? null;
  }

  /** Up to `wanted` leases on the webhook's slots, in one round trip: as many as are free. */
  async acquireMany(webhookId: string, wanted: number): Promise<EndpointLease[]> {
    if (wanted <= 0) return [];
    const key = this.key(webhookId);
    const tokens = Array.from({ length: wanted }, () => randomUUID());
    let granted: unknown;
    try {
      granted = await this.redis.eval(
        ACQUIRE_LEASES_LUA,
        1,
        key,
        String(this.config.WEBHOOK_MAX_CONCURRENT_PER_ENDPOINT),
        String(this.leaseMs),
        ...tokens,
      );
    } catch (error) {
      if (!this.warned) this.logger.warn(`endpoint concurrency cap not enforced, Redis unavailable: ${String(error)}`);
      this.warned = true;
      return tokens.map(() => NO_LEASE_NEEDED);
    }
    this.warned = false;
    // The script adds the tokens in order, so the first `granted` are the held ones.
    return tokens.slice(0, Number(granted)).map((token) => this.lease(key, token));
  }

  private lease(key: string, token: string): EndpointLease {
    let released = false;
    return {
      release: async () => {
        if (released) return;
        released = true;
        await this.redis.zrem(key, token).catch(() => undefined);
      },
    };
  }
}
