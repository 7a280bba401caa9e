import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Until when a physical shipment's carrier answer is as fresh as the refresh cadence allows (docs/carriers.md, "Source health"). */
export class DataFreshUntil1796400000000 implements MigrationInterface {
  name = 'DataFreshUntil1796400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "carrier_shipments" ADD "fresh_until" TIMESTAMP WITH TIME ZONE`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "carrier_shipments" DROP COLUMN "fresh_until"`);
  }
}
