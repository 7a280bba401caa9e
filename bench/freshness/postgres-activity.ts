import type { DatabaseConnection } from '@quayside/data-access';

interface ActivityRow {
  pid: number;
  ours: boolean;
  backend_type: string;
  state: string | null;
  wait_event_type: string | null;
  wait_event: string | null;
}

interface DatabaseCounters {
  commits: number;
  blocksRead: number;
  blocksHit: number;
}

export interface PostgresFigures {
  /** Samples of pg_stat_activity taken. */
  samples: number;
  /** Not-idle samples of the bench's client backends by what they did: 'CPU' (active, no wait), a wait_event_type, 'idle in transaction'. */
  states: Map<string, number>;
  /** The three wait events seen most (type:event), with their share of the busy samples. */
  topWaits: string;
  commitsPerSecond: number;
  blocksReadPerSecond: number;
  hitRatio: number | null;
}

/**
 * What Postgres did for the bench's database while a window ran, from its own views (the
 * server's configuration is not touched): pg_stat_activity sampled (which backends are busy,
 * and on what they wait) and pg_stat_database's counters between the window's ends.
 * pg_stat_statements is not used: it needs `shared_preload_libraries`, which this server does
 * not preload.
 */
export class PostgresActivity {
  private readonly states = new Map<string, number>();
  private readonly waits = new Map<string, number>();
  private samples = 0;
  private first: { at: number; counters: DatabaseCounters } | null = null;
  private pids: { backends: number[]; shared: number[] } = { backends: [], shared: [] };

  constructor(private readonly dataSource: DatabaseConnection) {}

  async start(): Promise<void> {
    this.first = { at: Date.now(), counters: await this.counters() };
    await this.sample();
  }

  /** The bench's backends and the server's shared processes (checkpointer, WAL writer…) as of the last sample, for their CPU. */
  processes(): { backends: number[]; shared: number[] } {
    return this.pids;
  }

  async sample(): Promise<void> {
    const rows = await this.dataSource.query<ActivityRow[]>(
      `SELECT pid, datname IS NOT DISTINCT FROM current_database() AS ours, backend_type, state, wait_event_type, wait_event
       FROM pg_stat_activity WHERE pid <> pg_backend_pid() AND (datname = current_database() OR datname IS NULL)`,
    );
    this.samples += 1;
    this.pids = {
      backends: rows.filter((row) => row.ours).map((row) => row.pid),
      shared: rows.filter((row) => !row.ours).map((row) => row.pid),
    };
    for (const row of rows) {
      if (!row.ours || row.backend_type !== 'client backend' || row.state === null || row.state === 'idle') continue;
      const state = row.state === 'active' ? (row.wait_event_type ?? 'CPU') : row.state;
      this.states.set(state, (this.states.get(state) ?? 0) + 1);
      if (row.state === 'active' && row.wait_event_type !== null) {
        const wait = `${row.wait_event_type}:${row.wait_event ?? '?'}`;
        this.waits.set(wait, (this.waits.get(wait) ?? 0) + 1);
      }
    }
  }

  async figures(): Promise<PostgresFigures> {
    const last = await this.counters();
    const first = this.first ?? { at: Date.now(), counters: last };
    const seconds = Math.max(0.001, (Date.now() - first.at) / 1000);
    const read = last.blocksRead - first.counters.blocksRead;
    const hit = last.blocksHit - first.counters.blocksHit;
    const busy = [...this.states.values()].reduce((sum, count) => sum + count, 0);
    return {
      samples: this.samples,
      states: new Map(this.states),
      topWaits: [...this.waits]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 3)
        .map(([wait, count]) => `${wait} ${Math.round((count / busy) * 100)} %`)
        .join(', '),
      commitsPerSecond: (last.commits - first.counters.commits) / seconds,
      blocksReadPerSecond: read / seconds,
      hitRatio: read + hit === 0 ? null : hit / (read + hit),
    };
  }

  private async counters(): Promise<DatabaseCounters> {
    const [row] = await this.dataSource.query<Array<Record<keyof DatabaseCounters, string>>>(
      `SELECT xact_commit AS commits, blks_read AS "blocksRead", blks_hit AS "blocksHit"
       FROM pg_stat_database WHERE datname = current_database()`,
    );
    return {
      commits: Number(row?.commits ?? 0),
      blocksRead: Number(row?.blocksRead ?? 0),
      blocksHit: Number(row?.blocksHit ?? 0),
    };
  }
}
