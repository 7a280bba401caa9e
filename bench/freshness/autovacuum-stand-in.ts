import type { DatabaseConnection } from '@quayside/data-access';

/** autovacuum_naptime's default: how often a deployment's autovacuum looks for tables to analyze. */
const EVERY_MS = 60_000;

/**
 * The statistics a deployment's autovacuum keeps, on a server that runs without it. This machine's
 * PostgreSQL has `autovacuum = off`; the scenario's tables start empty (outbox, events, pushed
 * events, notifications) and grow by thousands of rows a minute, so without statistics the planner
 * took a carrier's 12,600 pushed events for 582 and a join over the outbox for a scan of it (the
 * runs of 2026-11-29, evening). Where the server's autovacuum is off, the scenario's database is
 * analyzed when the scenario starts and every minute after, as autovacuum would analyze any table of
 * it that changed by a tenth; where it is on, nothing is done.
 */
export class AutovacuumStandIn {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> = Promise.resolve();

  private constructor(private readonly dataSource: DatabaseConnection) {}

  static async start(dataSource: DatabaseConnection): Promise<AutovacuumStandIn> {
    const standIn = new AutovacuumStandIn(dataSource);
    const [setting] = await dataSource.query<Array<{ autovacuum: string }>>('SHOW autovacuum');
    if (setting?.autovacuum === 'on') return standIn;
    await standIn.analyze();
    standIn.timer = setInterval(() => {
      standIn.running = standIn.analyze();
    }, EVERY_MS);
    return standIn;
  }

  /** Whether the server's own autovacuum keeps the statistics (then this does nothing). */
  get active(): boolean {
    return this.timer !== null;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  private async analyze(): Promise<void> {
    await this.dataSource.query('ANALYZE').catch((error: unknown) => console.error(`ANALYZE failed: ${String(error)}`));
  }
}
