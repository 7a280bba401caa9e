import { Injectable, Logger } from '@nestjs/common';
import { Client } from 'pg';
import type { ClientConfig, Pool } from 'pg';
import { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';

/** The channel the outbox's trigger notifies when rows due now are committed (migration OutboxWakesRelays). */
export const OUTBOX_WAKE_CHANNEL = 'quayside_outbox';
/** How the listening connection shows in `pg_stat_activity`. */
export const OUTBOX_WAKE_APPLICATION_NAME = 'quayside-outbox-wake';
const RECONNECT_FIRST_MS = 250;
const RECONNECT_MAX_MS = 30_000;

/**
 * Tells the relay of a process when outbox rows due now have been committed, over a connection of
 * its own that LISTENs (a pooled connection cannot: the pool hands it to anyone between two
 * queries). Only a hint: a wake-up that never comes (the connection lost, Postgres restarting)
 * costs latency, not work, because the relay keeps polling. A lost connection is opened again,
 * after 250 ms and then up to every 30 s, and a warning says so once per outage.
 */
@Injectable()
export class OutboxWakeListener {
  private readonly logger = new Logger('OutboxWakeListener');
  private client: Client | null = null;
  private onWake: (() => void) | null = null;
  private retry: NodeJS.Timeout | null = null;
  private delayMs = RECONNECT_FIRST_MS;
  private closed = false;
  private warned = false;

  constructor(private readonly dataSource: DataSource) {}

  /** Whether the connection is open and listening now. */
  get listening(): boolean {
    return this.client !== null;
  }

  /** Starts listening; resolves once listening or once the first attempt failed (it tries again by itself). */
  async start(onWake: () => void): Promise<void> {
    this.onWake = onWake;
    this.closed = false;
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
    // The pool's own settings (address, credentials, TLS, session options), on a connection outside it.
    const pool = (this.dataSource.driver as PostgresDriver).master as Pool;
    const client = new Client({ ...(pool.options as ClientConfig), application_name: OUTBOX_WAKE_APPLICATION_NAME });
    let lost = false;
    const onLost = (error?: unknown): void => {
      if (lost) return;
      lost = true;
      if (this.client === client) this.client = null;
      void client.end().catch(() => undefined);
      this.reconnectLater(error);
    };
    // Registered before connecting: an error event without a listener would end the process.
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', (message) => {
      if (message.channel === OUTBOX_WAKE_CHANNEL) this.onWake?.();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${OUTBOX_WAKE_CHANNEL}`);
    } catch (error) {
      onLost(error);
      return;
    }
    if (lost) return;
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.delayMs = RECONNECT_FIRST_MS;
    if (this.warned) this.logger.log('listening for outbox rows again');
    this.warned = false;
    // Rows committed while nobody listened: the relay looks once now rather than at its next poll.
    this.onWake?.();
  }

  private reconnectLater(error: unknown): void {
    if (this.closed || this.retry) return;
    if (!this.warned) this.logger.warn(`not listening for outbox rows (the relay polls meanwhile): ${error instanceof Error ? error.message : 'the connection ended'}`);
    this.warned = true;
    const delay = this.delayMs;
    this.delayMs = Math.min(this.delayMs * 2, RECONNECT_MAX_MS);
    this.retry = setTimeout(() => void this.connect(), delay);
    this.retry.unref();
  }
}
