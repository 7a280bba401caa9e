import type { ChildProcess } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseConnection } from '@quayside/data-access';
import { sampleNotificationPayload } from '@quayside/webhooks';
import { request } from 'undici';
import { measureHttp, warmUpHttp } from '../api/http-load';
import type { LoadOptions } from '../api/http-load';
import { captureNotificationPlan, PAGE_SIZE } from '../api/notification-sql';
import { NOTIFICATION_WEBHOOKS, seedNotifications } from '../database/seed-notifications';
import { interleavedRounds } from '../report/faster-round';
import type { ResultRow } from '../report/results-table';
import { freePort, peakRssMb, spawnApp, spawnTypeScript, stopChild, waitUntilServing } from '../support/child-process';

/** Distinct notifications the redelivery row cycles through, scattered over the table. */
const REDELIVERED = 1_000;
const STRIDE = 7919;

export interface NotificationBenchOptions {
  databaseUrl: string;
  dataSource: DatabaseConnection;
  accountId: string;
  key: string;
  base: Date;
  /** Containers seeded: the notifications' events refer to them. */
  containers: number;
  connections: number;
  durationSeconds: number;
  rounds: number;
  apiEnv: Record<string, string>;
}

interface Scenario {
  hotPath: string;
  method: 'GET' | 'POST';
  paths: string[];
}

/**
 * The notification list and redelivery at an account's scale of notifications: the api's
 * production build against a bare `node:http` server sending the SQL its repositories send
 * (bench/servers/bare-notifications.server.ts), as for the other api rows.
 */
export class NotificationBench {
  constructor(private readonly options: NotificationBenchOptions) {}

  async run(count: number, progress: (done: number) => void): Promise<ResultRow[]> {
    const { dataSource, accountId, base, containers } = this.options;
    const payload = JSON.stringify(sampleNotificationPayload('container.transport.vessel_departed'));
    await seedNotifications(dataSource, { accountId, base, containers, payload }, count, progress);
    const ids = await this.scatteredIds(count);
    const plan = await captureNotificationPlan(this.options.databaseUrl, accountId, ids[0]!);
    const planFile = join(tmpdir(), `quayside-bench-notifications-${process.pid}.json`);
    writeFileSync(planFile, JSON.stringify(plan));
    const [apiPort, barePort] = [await freePort(), await freePort()];
    const api = spawnApp('api', {
      ...this.options.apiEnv,
      PORT: String(apiPort),
      HOST: '127.0.0.1',
      RATE_LIMIT_WINDOW_MS: '1000',
      RATE_LIMIT_DEFAULT: '1000000000',
      RATE_LIMIT_REFRESH: '1000000000',
    });
    const bare = spawnTypeScript({
      script: 'bench/servers/bare-notifications.server.ts',
      args: [String(barePort), planFile],
      env: this.options.apiEnv,
    });
    const children: ChildProcess[] = [api, bare];
    const origins = { quayside: `http://127.0.0.1:${apiPort}`, bare: `http://127.0.0.1:${barePort}` };
    try {
      await waitUntilServing(`${origins.quayside}/health/ready`, api);
      await waitUntilServing(`${origins.bare}/health`, bare);
      const label = `${count.toLocaleString('en-US')} notifications`;
      const scenarios: Scenario[] = [
        { hotPath: `GET /v2/webhook_notifications?page[size]=${PAGE_SIZE} (first page, ${label})`, method: 'GET', paths: [this.list('')] },
        {
          hotPath: `GET /v2/webhook_notifications?page[size]=${PAGE_SIZE} (last page, ${label})`,
          method: 'GET',
          paths: [this.list('&page[before]=end')],
        },
        {
          hotPath: `GET /v2/webhook_notifications?filter[delivery_status]=failed (${label})`,
          method: 'GET',
          paths: [this.list('&filter[delivery_status]=failed')],
        },
        {
          hotPath: `POST /v2/webhook_notifications/{id}/redeliver (${label})`,
          method: 'POST',
          paths: ids.map((id) => `/v2/webhook_notifications/${id}/redeliver`),
        },
      ];
      const rows: ResultRow[] = [];
      for (const scenario of scenarios) {
        await this.checkAnswers(origins, scenario);
        const load = (origin: string): LoadOptions => ({
          origin,
          method: scenario.method,
          paths: scenario.paths,
          headers: { authorization: `Token ${this.options.key}` },
          connections: this.options.connections,
          durationSeconds: this.options.durationSeconds,
        });
        await warmUpHttp(load(origins.quayside));
        await warmUpHttp(load(origins.bare));
        const { quayside, bare: bareSide } = await interleavedRounds(this.options.rounds, {
          quayside: () => measureHttp(load(origins.quayside)),
          bare: () => measureHttp(load(origins.bare)),
        });
        rows.push({ hotPath: scenario.hotPath, size: containers, unit: 'req/s', quayside, bare: bareSide });
      }
      const peak = peakRssMb(api);
      return rows.map((row) => ({ ...row, quayside: { ...row.quayside, peakRssMb: peak } }));
    } finally {
      for (const child of children) await stopChild(child);
      rmSync(planFile, { force: true });
    }
  }

  private list(query: string): string {
    return `/v2/webhook_notifications?page[size]=${PAGE_SIZE}${query}`;
  }

  /**
   * Ids of notifications spread over the whole table: the first notification of every STRIDE-th
   * event (wrapping), found by its creation time along the account's list index (the seed
   * creates event `i`'s notifications at `base + i × 10 ms`).
   */
  private async scatteredIds(count: number): Promise<string[]> {
    const events = Math.ceil(count / NOTIFICATION_WEBHOOKS);
    const ordinals = Array.from({ length: Math.min(REDELIVERED, events) }, (_, index) => (index * STRIDE) % events);
    const rows = await this.options.dataSource.query<Array<{ id: string }>>(
      `SELECT n.id FROM unnest($3::int[]) AS e(i)
       CROSS JOIN LATERAL (
         SELECT id FROM webhook_notifications
         WHERE account_id = $1 AND created_at >= $2::timestamptz + e.i * interval '10 ms'
         ORDER BY created_at, id LIMIT 1) AS n`,
      [this.options.accountId, this.options.base, ordinals],
    );
    return rows.map((row) => row.id);
  }

  /** Both servers answer the scenario's first request with 2xx and data, or the bench stops saying which did not. */
  private async checkAnswers(origins: { quayside: string; bare: string }, scenario: Scenario): Promise<void> {
    for (const origin of [origins.quayside, origins.bare]) {
      const response = await request(`${origin}${scenario.paths[0]!}`, {
        method: scenario.method,
        headers: { authorization: `Token ${this.options.key}` },
      });
      const body = await response.body.text();
      const ok = response.statusCode >= 200 && response.statusCode < 300;
      const data = ok ? (JSON.parse(body) as { data?: unknown }).data : undefined;
      if (!ok || data === undefined || data === null || (Array.isArray(data) && data.length === 0)) {
        throw new Error(`${scenario.hotPath}: ${origin} answered ${response.statusCode} ${body.slice(0, 300)}`);
      }
    }
  }
}
