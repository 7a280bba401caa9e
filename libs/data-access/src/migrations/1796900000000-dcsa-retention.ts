import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Indexes for the retention of what DCSA 3.0 carriers pushed and answered (docs/deploy.md
 * "Retention"). Pushed events arrive in `created_at` order, so a BRIN index finds the old ones at
 * the cost of a few pages, as for the other append-only tables (the Retention migration). Whether
 * a number is still asked is looked up per row by carrier and number: the physical shipments' own
 * number has its unique index, the number they are asked by (`query_number`, compared upper case,
 * as a push looks it up) gets this one, so neither the push nor the retention job scans every
 * physical shipment of a carrier. Both are `synchronize: false` on their entities (TypeORM cannot
 * describe `USING brin` nor an expression), so only this migration makes them.
 */
export class DcsaRetention1796900000000 implements MigrationInterface {
  name = 'DcsaRetention1796900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "idx_dcsa_pushed_events_created_at_brin" ON "dcsa_pushed_events" USING brin ("created_at")`);
    await queryRunner.query(
      `CREATE INDEX "idx_carrier_shipments_query_number" ON "carrier_shipments" ("shipping_line_scac", upper("query_number"))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."idx_carrier_shipments_query_number"`);
    await queryRunner.query(`DROP INDEX "public"."idx_dcsa_pushed_events_created_at_brin"`);
  }
}
