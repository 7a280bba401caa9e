import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every new session on this database asks the operating system for the pages a bitmap heap
 * scan will read next (`effective_io_concurrency`; Postgres' default, 1, reads one page ahead).
 * The tracker's statement that reads the containers and milestones of a job's 50 shipments is
 * two such scans over 50–175 pages; where the tables outgrow memory each page was a read the
 * backend waited for in turn. On a database seeded to a million containers its time reading
 * pages fell from 5.2–8.7 ms to 2.6–3.7 ms a job (EXPLAIN ANALYZE, ten jobs each;
 * bench/README.md, 2026-11-27 evening). A setting of the database rather than of each
 * connection: a server without `posix_fadvise` (macOS, Windows) refuses any value but 0, and a
 * role that does not own the database may not set it; then this migration leaves the default,
 * which is what every query ran with before.
 */
export class ReadAheadForBitmapScans1795800000000 implements MigrationInterface {
  name = 'ReadAheadForBitmapScans1795800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await alterDatabase(queryRunner, 'SET effective_io_concurrency = 64');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await alterDatabase(queryRunner, 'RESET effective_io_concurrency');
  }
}

/** `ALTER DATABASE <this one> <change>`; where the server or the role refuses it, a notice and the server's value. */
async function alterDatabase(queryRunner: QueryRunner, change: string): Promise<void> {
  await queryRunner.query(`DO $$
BEGIN
  EXECUTE format('ALTER DATABASE %I ${change}', current_database());
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'effective_io_concurrency left as it was: %', SQLERRM;
END $$`);
}
