import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Hand-written: `shipments.tracking_stopped` is derived from `line_tracking_stopped_at` by
 * a trigger, so the two can never disagree. The schema builder neither writes nor compares
 * triggers, so this lives beside the generated migrations.
 */
export class ShipmentsTrackingStoppedTrigger1795289541883 implements MigrationInterface {
  name = 'ShipmentsTrackingStoppedTrigger1795289541883';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE FUNCTION "shipments_derive_tracking_stopped"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN NEW."tracking_stopped" := NEW."line_tracking_stopped_at" IS NOT NULL; RETURN NEW; END $$`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "trg_shipments_tracking_stopped" BEFORE INSERT OR UPDATE ON "shipments" FOR EACH ROW EXECUTE FUNCTION "shipments_derive_tracking_stopped"()`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "trg_shipments_tracking_stopped" ON "shipments"`);
    await queryRunner.query(`DROP FUNCTION "shipments_derive_tracking_stopped"()`);
  }
}
