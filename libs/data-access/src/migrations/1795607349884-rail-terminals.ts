import type { MigrationInterface, QueryRunner } from 'typeorm';

export class RailTerminals1795607349884 implements MigrationInterface {
  name = 'RailTerminals1795607349884';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "rail_terminals" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "facility_key" text NOT NULL, "name" text NOT NULL, "nickname" text, "firms_code" text, "locode" text, "port_id" uuid, "metro_area_id" uuid, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_be374493f8d599c74dd854f1263" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_rail_terminals_facility_key" ON "rail_terminals" ("facility_key") `);
    await queryRunner.query(`ALTER TABLE "containers" ADD "ind_rail_terminal_id" uuid`);
    await queryRunner.query(
      `ALTER TABLE "rail_terminals" ADD CONSTRAINT "FK_4e1d68287645cc73f59eae2fbc7" FOREIGN KEY ("port_id") REFERENCES "ports"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "rail_terminals" ADD CONSTRAINT "FK_15c60dadf247ba2c0ec32f534ec" FOREIGN KEY ("metro_area_id") REFERENCES "metro_areas"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "containers" ADD CONSTRAINT "FK_bb7e9b9b06e3978acb48787de54" FOREIGN KEY ("ind_rail_terminal_id") REFERENCES "rail_terminals"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "containers" DROP CONSTRAINT "FK_bb7e9b9b06e3978acb48787de54"`);
    await queryRunner.query(`ALTER TABLE "rail_terminals" DROP CONSTRAINT "FK_15c60dadf247ba2c0ec32f534ec"`);
    await queryRunner.query(`ALTER TABLE "rail_terminals" DROP CONSTRAINT "FK_4e1d68287645cc73f59eae2fbc7"`);
    await queryRunner.query(`ALTER TABLE "containers" DROP COLUMN "ind_rail_terminal_id"`);
    await queryRunner.query(`DROP INDEX "public"."uq_rail_terminals_facility_key"`);
    await queryRunner.query(`DROP TABLE "rail_terminals"`);
  }
}
