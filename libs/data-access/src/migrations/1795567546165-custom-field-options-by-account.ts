import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CustomFieldOptionsByAccount1795567546165 implements MigrationInterface {
  name = 'CustomFieldOptionsByAccount1795567546165';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "idx_custom_field_options_account_definition" ON "custom_field_options" ("account_id", "definition_id", "position") `,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."idx_custom_field_options_account_definition"`);
  }
}
