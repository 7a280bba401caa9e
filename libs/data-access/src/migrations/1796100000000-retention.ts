import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Indexes for the retention job (docs/deploy.md "Retention"): it looks for the oldest rows of the
 * append-only tables by `created_at`. A BRIN index fits: these rows arrive in `created_at` order,
 * so a summary per range of pages finds the old ones, and it costs the hot path almost nothing
 * (a few pages for the whole table, updated only when a range's summary widens), where a B-tree
 * on `created_at` would add an entry to every insert of the busiest tables. Shipments are looked
 * up by when their tracking stopped, through a partial B-tree over the stopped ones only.
 * The BRIN indexes are declared `synchronize: false` on the entities (TypeORM cannot describe
 * `USING brin`), so only this migration makes them.
 */
export class Retention1796100000000 implements MigrationInterface {
  name = 'Retention1796100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const table of BRIN_TABLES) {
      await queryRunner.query(`CREATE INDEX "idx_${table}_created_at_brin" ON "${table}" USING brin ("created_at")`);
    }
    await queryRunner.query(
      `CREATE INDEX "idx_shipments_tracking_stopped_at" ON "shipments" ("line_tracking_stopped_at") WHERE "tracking_stopped"`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."idx_shipments_tracking_stopped_at"`);
    for (const table of BRIN_TABLES) await queryRunner.query(`DROP INDEX "public"."idx_${table}_created_at_brin"`);
  }
}

const BRIN_TABLES = ['webhook_notifications', 'events', 'raw_events', 'documents'] as const;
