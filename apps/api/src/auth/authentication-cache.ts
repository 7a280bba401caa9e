import type { OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Account } from '@quayside/domain';
import { closeRedisClient, duplicateRedisClient, REDIS, REDIS_PREFIX } from '@quayside/platform';
import type { RedisClient } from '@quayside/platform';
import { LRUCache } from 'lru-cache';

/** What a live key resolved to: enough to authenticate again without the database. */
export interface AuthenticatedKey {
  apiKeyId: string;
  keyHash: string;
  account: Account;
  lastUsedAt: Date | null;
}

/** Seconds an authenticated key is remembered (`AUTH_CACHE_TTL_SECONDS`); 0 remembers nothing. */
export const AUTH_CACHE_TTL_SECONDS = Symbol('AUTH_CACHE_TTL_SECONDS');

const MAX_KEYS = 10_000;
const SUBSCRIBE_WAIT_MS = 2_000;

/**
 * Keys seen recently, by the hash of the presented key, so that a request costs no database
 * round trip to authenticate (docs/architecture.md, "Caches"). An entry lives at most
 * AUTH_CACHE_TTL_SECONDS: that bounds how long a change made to an account behind the api's
 * back (plan, features, trial end) takes to apply. A key deleted, or an account's settings
 * changed, through the api apply at once in every api process: the process that made the change
 * forgets the entries and publishes what to forget on Redis, and every other process forgets
 * them on receipt. Unknown keys are never cached, so a new key works at once too.
 */
@Injectable()
export class AuthenticationCache implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(AuthenticationCache.name);
  private readonly entries: LRUCache<string, AuthenticatedKey> | null;
  private readonly channel: string;
  private subscriber: RedisClient | null = null;

  constructor(
    @Inject(AUTH_CACHE_TTL_SECONDS) ttlSeconds: number,
    @Inject(REDIS) private readonly redis: RedisClient,
    @Inject(REDIS_PREFIX) prefix: string,
  ) {
    const ttl = ttlSeconds * 1000;
    this.entries = ttl > 0 ? new LRUCache<string, AuthenticatedKey>({ max: MAX_KEYS, ttl }) : null;
    this.channel = `${prefix}:auth:forget`;
  }

  async onModuleInit(): Promise<void> {
    if (this.entries === null) return;
    // Its own connection (a subscribed connection does nothing else), which waits for Redis
    // rather than failing fast like the shared client: the subscription must outlive outages.
    const subscriber = duplicateRedisClient(this.redis, { enableOfflineQueue: true, maxRetriesPerRequest: null });
    this.subscriber = subscriber;
    subscriber.on('message', (channel: string, message: string) => {
      if (channel === this.channel) this.forgetLocally(message);
    });
    // When Redis is away the subscription is made again on reconnect (ioredis); meanwhile the
    // entries' lifetime bounds how long a change made by another process goes unseen here.
    subscriber.on('error', (error: Error) => this.logger.warn({ reason: error.message }, 'Channel of forgotten keys unavailable'));
    const subscribed = subscriber.subscribe(this.channel).catch((error: unknown) => {
      this.logger.warn({ reason: error instanceof Error ? error.message : 'unknown' }, 'Could not subscribe to forgotten keys');
    });
    // Boot does not wait on a Redis that is away; it waits for the subscription when Redis answers.
    await Promise.race([subscribed, new Promise((resolve) => setTimeout(resolve, SUBSCRIBE_WAIT_MS).unref())]);
  }

  async onModuleDestroy(): Promise<void> {
    const subscriber = this.subscriber;
    // QUIT would wait in the offline queue while Redis is away, holding shutdown forever.
    if (subscriber) await closeRedisClient(subscriber);
  }

  get(keyHash: string): AuthenticatedKey | undefined {
    return this.entries?.get(keyHash);
  }

  remember(found: AuthenticatedKey): void {
    this.entries?.set(found.keyHash, found);
  }

  /** After a key is deleted: it stops authenticating here at once, and in the other processes on receipt. */
  async forget(apiKeyId: string): Promise<void> {
    await this.announce(`key:${apiKeyId}`);
  }

  /** After the api changes an account: its keys are looked up again, here at once, elsewhere on receipt. */
  async forgetAccount(accountId: string): Promise<void> {
    await this.announce(`account:${accountId}`);
  }

  private async announce(message: string): Promise<void> {
    this.forgetLocally(message);
    if (this.entries === null) return;
    await this.redis.publish(this.channel, message).catch((error: unknown) => {
      this.logger.warn({ reason: error instanceof Error ? error.message : 'unknown', message }, 'Could not announce a forgotten key');
    });
  }

  /** `key:<api key id>` or `account:<account id>`. */
  private forgetLocally(message: string): void {
    if (this.entries === null) return;
    const [kind, id] = message.split(':', 2);
    for (const [hash, entry] of this.entries.entries()) {
      if ((kind === 'key' && entry.apiKeyId === id) || (kind === 'account' && entry.account.id === id)) this.entries.delete(hash);
    }
  }
}
