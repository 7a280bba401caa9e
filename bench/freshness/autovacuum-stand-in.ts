import type { DatabaseConnection } from '@quayside/data-access';

/** How often the stand-in looks for tables to analyze while the scenario's tables fill from empty. */
const FILLING_EVERY_MS = 10_000;
/** For how long it looks that often: the scenario's first minute. */
const FILLING_MS = 60_000;
/** How often it looks after that: autovacuum_naptime, at its default. */
const NAPTIME_MS = 60_000;
/** autovacuum_analyze_threshold and autovacuum_analyze_scale_factor, at their defaults. */
const ANALYZE_THRESHOLD = 50;
const ANALYZE_SCALE_FACTOR = 0.1;

/**
 * The statistics a deployment's autovacuum keeps, on a server that runs without it. This machine's
 * PostgreSQL has `autovacuum = off`; the scenario's tables start empty (outbox, events, pushed
 * events, notifications) and grow by thousands of rows a minute, so without statistics the planner
 * took a carrier's 12,600 pushed events for 582 and a join over the outbox for a scan of it (the
 * runs of 2026-11-29, evening). Where the server's autovacuum is off, the scenario's database is
 * analyzed when the scenario starts, then each table autovacuum would analyze (changed by 50 rows
 * and a tenth of its size since its last analyze): autovacuum's rule, looked at every 10 s for the
 * first minute, because the scenario fills its tables from empty within it, which a deployment in
 * its steady state does not, then once a minute as autovacuum looks. Looked at every 10 s
 * throughout, a table growing steadily is a tenth bigger at each look: the 200 pushes/s runs of
 * 2026-11-29, night, spent some 20 s of Postgres in 120 s on ANALYZE, looking six times as often
 * as autovacuum does. Where autovacuum is on, nothing is done.
 */
export class AutovacuumStandIn {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> = Promise.resolve();
  private readonly startedAt = Date.now();

  private constructor(private readonly dataSource: DatabaseConnection) {}

  static async start(dataSource: DatabaseConnection): Promise<AutovacuumStandIn> {
    const standIn = new AutovacuumStandIn(dataSource);
    const [setting] = await dataSource.query<Array<{ autovacuum: string }>>('SHOW autovacuum');
    if (setting?.autovacuum === 'on') return standIn;
    await dataSource.query('ANALYZE');
    standIn.schedule();
    return standIn;
  }

  /** Whether the stand-in runs: the server's autovacuum is off. */
  get active(): boolean {
    return this.timer !== null;
  }

  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  private schedule(): void {
    const filling = Date.now() - this.startedAt < FILLING_MS;
    this.timer = setTimeout(
      () => {
        this.running = this.analyze().then(() => {
          if (this.timer !== null) this.schedule();
        });
      },
      filling ? FILLING_EVERY_MS : NAPTIME_MS,
    );
  }

  private async analyze(): Promise<void> {
    try {
      const due = await this.dataSource.query<Array<{ name: string }>>(
        `SELECT quote_ident(relname) AS name FROM pg_stat_user_tables
         WHERE n_mod_since_analyze > $1::int + $2::float8 * greatest(n_live_tup, 0)`,
        [ANALYZE_THRESHOLD, ANALYZE_SCALE_FACTOR],
      );
      if (due.length > 0) await this.dataSource.query(`ANALYZE ${due.map((table) => table.name).join(', ')}`);
    } catch (error) {
      console.error(`ANALYZE failed: ${String(error)}`);
    }
  }
}
