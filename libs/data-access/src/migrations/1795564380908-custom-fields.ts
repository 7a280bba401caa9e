import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Custom fields (docs/custom-fields.md): definitions per entity type, their options, and values on shipments, containers and tracking requests. */
export class CustomFields1795564380908 implements MigrationInterface {
  name = 'CustomFields1795564380908';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "custom_field_definitions" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "account_id" uuid NOT NULL, "entity_type" text NOT NULL, "api_slug" text NOT NULL, "display_name" text NOT NULL, "description" text, "data_type" text NOT NULL, "reference_type" text, "validation" jsonb, "default_format" text, "default_value" jsonb, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "chk_custom_field_definitions_reference_type" CHECK ("reference_type" IS NULL OR "reference_type" IN ('shipment', 'container', 'tracking_request', 'party')), CONSTRAINT "chk_custom_field_definitions_data_type" CHECK ("data_type" IN ('short_text', 'number', 'date', 'datetime', 'boolean', 'enum', 'enum_multi', 'reference')), CONSTRAINT "chk_custom_field_definitions_entity_type" CHECK ("entity_type" IN ('Shipment', 'Container', 'TrackingRequest')), CONSTRAINT "PK_91f4cf6416f7aeb02c217005cb2" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_custom_field_definitions_account_list" ON "custom_field_definitions" ("account_id", "created_at", "id") `,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_custom_field_definitions_slug" ON "custom_field_definitions" ("account_id", "entity_type", "api_slug") `,
    );
    await queryRunner.query(
      `CREATE TABLE "custom_field_options" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "account_id" uuid NOT NULL, "definition_id" uuid NOT NULL, "label" text NOT NULL, "value" text NOT NULL, "position" integer, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_980b62de0f6b9f2cadca0e6f08a" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_custom_field_options_value" ON "custom_field_options" ("definition_id", "value") `);
    await queryRunner.query(
      `CREATE TABLE "custom_fields" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "account_id" uuid NOT NULL, "definition_id" uuid NOT NULL, "entity_type" text NOT NULL, "entity_id" uuid NOT NULL, "value" jsonb, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "chk_custom_fields_entity_type" CHECK ("entity_type" IN ('Shipment', 'Container', 'TrackingRequest')), CONSTRAINT "PK_35ab958a0baec2e0b2b2b875fdb" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_custom_fields_account_list" ON "custom_fields" ("account_id", "created_at", "id") `);
    await queryRunner.query(`CREATE INDEX "idx_custom_fields_entity" ON "custom_fields" ("account_id", "entity_type", "entity_id") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_custom_fields_entity" ON "custom_fields" ("definition_id", "entity_id") `);
    await queryRunner.query(
      `ALTER TABLE "custom_field_definitions" ADD CONSTRAINT "FK_1464ad7bd4cd7b5f618abfa1a08" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "custom_field_options" ADD CONSTRAINT "FK_f0abe5a57ce20b02a702ee77511" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "custom_field_options" ADD CONSTRAINT "FK_95a6c2a8ad0bf296dc4210d5829" FOREIGN KEY ("definition_id") REFERENCES "custom_field_definitions"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "custom_fields" ADD CONSTRAINT "FK_99642bfea1e84b214ec43eed854" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "custom_fields" ADD CONSTRAINT "FK_2c38955599bcf171573c8309eb6" FOREIGN KEY ("definition_id") REFERENCES "custom_field_definitions"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "custom_fields" DROP CONSTRAINT "FK_2c38955599bcf171573c8309eb6"`);
    await queryRunner.query(`ALTER TABLE "custom_fields" DROP CONSTRAINT "FK_99642bfea1e84b214ec43eed854"`);
    await queryRunner.query(`ALTER TABLE "custom_field_options" DROP CONSTRAINT "FK_95a6c2a8ad0bf296dc4210d5829"`);
    await queryRunner.query(`ALTER TABLE "custom_field_options" DROP CONSTRAINT "FK_f0abe5a57ce20b02a702ee77511"`);
    await queryRunner.query(`ALTER TABLE "custom_field_definitions" DROP CONSTRAINT "FK_1464ad7bd4cd7b5f618abfa1a08"`);
    await queryRunner.query(`DROP INDEX "public"."uq_custom_fields_entity"`);
    await queryRunner.query(`DROP INDEX "public"."idx_custom_fields_entity"`);
    await queryRunner.query(`DROP INDEX "public"."idx_custom_fields_account_list"`);
    await queryRunner.query(`DROP TABLE "custom_fields"`);
    await queryRunner.query(`DROP INDEX "public"."uq_custom_field_options_value"`);
    await queryRunner.query(`DROP TABLE "custom_field_options"`);
    await queryRunner.query(`DROP INDEX "public"."uq_custom_field_definitions_slug"`);
    await queryRunner.query(`DROP INDEX "public"."idx_custom_field_definitions_account_list"`);
    await queryRunner.query(`DROP TABLE "custom_field_definitions"`);
  }
}
