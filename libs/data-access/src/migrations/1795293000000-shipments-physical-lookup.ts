import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Hand-written: an expression index the schema builder cannot describe (the entity declares it
 * with `synchronize: false`). Every refresh looks up the other accounts' records of one physical
 * shipment (carrier + the number the carrier knows); without it each lookup scanned all
 * shipments (seen by npm run bench at 1 million containers).
 */
export class ShipmentsPhysicalLookup1795293000000 implements MigrationInterface {
  name = 'ShipmentsPhysicalLookup1795293000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "idx_shipments_physical" ON "shipments" ("shipping_line_scac", (COALESCE("carrier_reference", "bill_of_lading_number"))) WHERE "line_tracking_stopped_at" IS NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_shipments_physical"`);
  }
}
