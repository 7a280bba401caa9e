import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `equipment_height` says `high_cube`, as the established API answers it (docs/containers.md),
 * instead of `high cube`: the check constraint changes and the stored rows are rewritten in the
 * same transaction, so no row is ever outside the constraint. Only containers of that height are
 * touched (one UPDATE, their rows' locks until commit).
 */
export class EquipmentHeightHighCube1796000000000 implements MigrationInterface {
  name = 'EquipmentHeightHighCube1796000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "containers" DROP CONSTRAINT "chk_containers_equipment_height"`);
    await queryRunner.query(`UPDATE "containers" SET "equipment_height" = 'high_cube' WHERE "equipment_height" = 'high cube'`);
    await queryRunner.query(
      `ALTER TABLE "containers" ADD CONSTRAINT "chk_containers_equipment_height" CHECK ("equipment_height" IS NULL OR "equipment_height" IN ('standard', 'high_cube'))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "containers" DROP CONSTRAINT "chk_containers_equipment_height"`);
    await queryRunner.query(`UPDATE "containers" SET "equipment_height" = 'high cube' WHERE "equipment_height" = 'high_cube'`);
    await queryRunner.query(
      `ALTER TABLE "containers" ADD CONSTRAINT "chk_containers_equipment_height" CHECK ("equipment_height" IS NULL OR "equipment_height" IN ('standard', 'high cube'))`,
    );
  }
}
