import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { Client } from 'pg';
import type { ClientConfig, Pool } from 'pg';
import { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { SessionConnection } from '../database/session-connection';

/** The channel the outbox's trigger notifies when rows due now are committed (migration OutboxWakesRelays). */
export const OUTBOX_WAKE_CHANNEL = 'quayside_outbox';
/** How the listening connection shows in `pg_stat_activity`. */
export const OUTBOX_WAKE_APPLICATION_NAME = 'quayside-outbox-wake';
/** Held for as long as its session lasts by the one process of a deployment that listens. */
const LISTENER_LOCK_SQL = "SELECT pg_try_advisory_lock(hashtext('quayside:outbox-wake')) AS held";
const RECONNECT_FIRST_MS = 250;
const RECONNECT_MAX_MS = 30_000;
/** How often a process that does not listen looks whether the one that did is gone. */
const STANDBY_RETRY_MS = 5_000;

export interface OutboxWakeOptions {
  /** How often a process that does not listen looks whether the one that did is gone (5 s). */
  standbyRetryMs?: number;
}

/**
 * Tells the relay of a process when outbox rows due now have been committed, over a connection of
 * its own that LISTENs (a pooled connection cannot: the pool hands it to anyone between two
 * queries). One process of a deployment listens, the one whose connection holds an advisory
 * lock; the others look every 5 s whether it is still there and take over once its session
 * ends. Every listener would be woken by every commit and run a claim for it (the tracker
 * commits hundreds a second), which with ten processes was ten claims where one publishes the
 * rows. Only a hint: a wake-up that never comes (no listener for a few seconds, Postgres
 * restarting) costs latency, not work, because every relay keeps polling. A lost connection is
 * opened again, after 250 ms and then up to every 30 s, and a warning says so once per outage.
 * Behind a transaction-mode pooler it connects to `DATABASE_DIRECT_URL` (SessionConnection), or
 * not at all.
 */
@Injectable()
export class OutboxWakeListener {
  private readonly logger = new Logger('OutboxWakeListener');
  private client: Client | null = null;
  private onWake: (() => void) | null = null;
  private retry: NodeJS.Timeout | null = null;
  private delayMs = RECONNECT_FIRST_MS;
  private standbyRetryMs = STANDBY_RETRY_MS;
  private closed = false;
  private warned = false;

  constructor(
    private readonly dataSource: DataSource,
    // Named explicitly: a parameter typed `X | null` carries no injection token of its own.
    @Optional() @Inject(SessionConnection) private readonly session: SessionConnection | null = null,
  ) {}

  /** Whether this process is the one listening now. */
  get listening(): boolean {
    return this.client !== null;
  }

  /**
   * Starts listening, or standing by while another process listens; resolves once either is
   * settled or the first attempt failed (it tries again by itself).
   */
  async start(onWake: () => void, options: OutboxWakeOptions = {}): Promise<void> {
    this.onWake = onWake;
    this.standbyRetryMs = options.standbyRetryMs ?? STANDBY_RETRY_MS;
    this.closed = false;
    if (this.session?.url === null) {
      this.logger.warn('not listening for outbox rows: behind a transaction-mode pooler without DATABASE_DIRECT_URL (the relay polls)');
      return;
    }
    await this.connect();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    this.retry = null;
    // The pool's own settings (address, credentials, TLS, session options), on a connection outside
    // it; behind a transaction-mode pooler, to the address that bypasses it.
    const pool = (this.dataSource.driver as PostgresDriver).master as Pool;
    const address = this.session?.url ? { connectionString: this.session.url } : {};
    const client = new Client({ ...(pool.options as ClientConfig), ...address, application_name: OUTBOX_WAKE_APPLICATION_NAME });
    let ended = false;
    const onLost = (error?: unknown): void => {
      if (ended) return;
      ended = true;
      if (this.client === client) this.client = null;
      void client.end().catch(() => undefined);
      // Ended by close(): no outage to report, nor a longer delay for a later start().
      if (this.closed) return;
      this.retryLater(this.backOff(error));
    };
    // Registered before connecting: an error event without a listener would end the process.
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', (message) => {
      if (message.channel === OUTBOX_WAKE_CHANNEL) this.onWake?.();
    });
    let held: boolean;
    try {
      await client.connect();
      held = (await client.query<{ held: boolean }>(LISTENER_LOCK_SQL)).rows[0]?.held === true;
      if (held) await client.query(`LISTEN ${OUTBOX_WAKE_CHANNEL}`);
    } catch (error) {
      onLost(error);
      return;
    }
    if (ended) return;
    this.delayMs = RECONNECT_FIRST_MS;
    if (this.warned) this.logger.log('Postgres answers again: listening for outbox rows, or standing by');
    this.warned = false;
    if (!held || this.closed) {
      // Another process listens (or this one is closing): no connection is kept for nothing.
      ended = true;
      await client.end().catch(() => undefined);
      if (!this.closed) this.retryLater(this.standbyRetryMs);
      return;
    }
    this.client = client;
    // Rows committed while nobody listened: the relay looks once now rather than at its next poll.
    this.onWake?.();
  }

  /** The next delay after a lost connection, with a warning the first time. */
  private backOff(error: unknown): number {
    if (!this.warned) {
      this.logger.warn(
        `not listening for outbox rows (the relay polls meanwhile): ${error instanceof Error ? error.message : 'the connection ended'}`,
      );
    }
    this.warned = true;
    const delay = this.delayMs;
    this.delayMs = Math.min(this.delayMs * 2, RECONNECT_MAX_MS);
    return delay;
  }

  private retryLater(delayMs: number): void {
    if (this.closed || this.retry) return;
    this.retry = setTimeout(() => void this.connect(), delayMs);
    this.retry.unref();
  }
}
