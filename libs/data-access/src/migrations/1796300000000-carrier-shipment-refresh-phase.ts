import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CarrierShipmentRefreshPhase1796300000000 implements MigrationInterface {
  name = 'CarrierShipmentRefreshPhase1796300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "carrier_shipments" ADD "refresh_phase" text`);
    await queryRunner.query(
      `ALTER TABLE "carrier_shipments" ADD CONSTRAINT "chk_carrier_shipments_refresh_phase" CHECK ("refresh_phase" IS NULL OR "refresh_phase" IN ('last_free_day_near', 'waiting_for_pickup', 'arriving', 'rail_arriving', 'on_rail', 'before_departure', 'unknown', 'after_pickup', 'on_water'))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "carrier_shipments" DROP CONSTRAINT "chk_carrier_shipments_refresh_phase"`);
    await queryRunner.query(`ALTER TABLE "carrier_shipments" DROP COLUMN "refresh_phase"`);
  }
}
