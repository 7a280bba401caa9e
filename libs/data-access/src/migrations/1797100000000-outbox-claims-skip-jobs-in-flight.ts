import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The relay's claim no longer walks the rows whose job is in flight (published, not completed).
 * It walked them all: `idx_outbox_publishable` held every open row, and a claim went through it in
 * order of availability, skipping each row published less than OUTBOX_REDELIVER_AFTER_MS ago.
 * With the jobs of a burst waiting on their queues that is thousands of entries, each read from
 * the heap, on every claim: 62 ms a claim at 200 DCSA pushes a second (bench/README.md, "Runs of
 * 2026-11-29", measured with pg_stat_statements on a server of its own), where the claim itself
 * is a fraction of a millisecond. Two partial indexes instead: rows never published (or handed
 * back), by availability, which the claim takes in order; and rows in flight, by publication
 * time, of which the claim reads only those published before the redelivery delay, the oldest
 * first. Neither holds a row once its job completes.
 */
export class OutboxClaimsSkipJobsInFlight1797100000000 implements MigrationInterface {
  name = 'OutboxClaimsSkipJobsInFlight1797100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "idx_outbox_unpublished" ON "outbox" ("available_at") WHERE "completed_at" IS NULL AND "published_at" IS NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_outbox_in_flight" ON "outbox" ("published_at") WHERE "completed_at" IS NULL AND "published_at" IS NOT NULL`,
    );
    await queryRunner.query(`DROP INDEX "public"."idx_outbox_publishable"`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "idx_outbox_publishable" ON "outbox" ("available_at") WHERE "completed_at" IS NULL`);
    await queryRunner.query(`DROP INDEX "public"."idx_outbox_in_flight"`);
    await queryRunner.query(`DROP INDEX "public"."idx_outbox_unpublished"`);
  }
}
