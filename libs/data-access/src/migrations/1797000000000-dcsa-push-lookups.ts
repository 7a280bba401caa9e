import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Indexes for the two lookups every DCSA 3.0 push makes (bench/README.md, "Runs of 2026-11-29":
 * at 200 pushes/s Postgres bound on CPU scanning for them). Reading a shipment's pushed events asks
 * for the rows whose `refs` contain its number: a GIN index on `refs` finds them without reading
 * every event the carrier ever pushed (plain GIN, filtered by connection afterwards, rather than
 * (connection, refs), which needs the btree_gin extension; a number names few events, so the
 * filter is cheap). Which shipments a pushed container number names is looked up upper case,
 * because container numbers are stored as each carrier sent them: the expression index serves it
 * across accounts. Both are `synchronize: false` on their entities (TypeORM cannot describe
 * `USING gin` nor an expression), so only this migration makes them.
 */
export class DcsaPushLookups1797000000000 implements MigrationInterface {
  name = 'DcsaPushLookups1797000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "idx_dcsa_pushed_events_refs" ON "dcsa_pushed_events" USING gin ("refs")`);
    await queryRunner.query(`CREATE INDEX "idx_containers_upper_number" ON "containers" (upper("number"))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."idx_containers_upper_number"`);
    await queryRunner.query(`DROP INDEX "public"."idx_dcsa_pushed_events_refs"`);
  }
}
