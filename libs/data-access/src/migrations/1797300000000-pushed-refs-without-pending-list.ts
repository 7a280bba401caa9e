import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The GIN index on the pushed events' `refs` (DcsaPushLookups) goes without its pending list.
 * With `fastupdate` on, GIN's default, a new entry waits in an unsorted list until a vacuum or
 * 4 MB of them (`gin_pending_list_limit`) moves it into the index, and every search reads the
 * whole list: at 200 pushes/s the lookup of a shipment's pushed events took 4.3 ms on average
 * (pg_stat_statements, bench/README.md "Runs of 2026-11-29"), every push applied reading
 * thousands of listed entries. Off, each insert writes its entries into the tree (a little more
 * work per push) and the lookup reads only its own.
 */
export class PushedRefsWithoutPendingList1797300000000 implements MigrationInterface {
  name = 'PushedRefsWithoutPendingList1797300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER INDEX "idx_dcsa_pushed_events_refs" SET (fastupdate = off)`);
    // What is listed already moves into the tree now, not at the next vacuum.
    await queryRunner.query(`SELECT gin_clean_pending_list('idx_dcsa_pushed_events_refs'::regclass)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER INDEX "idx_dcsa_pushed_events_refs" RESET (fastupdate)`);
  }
}
