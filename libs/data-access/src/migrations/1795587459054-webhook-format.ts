import type { MigrationInterface, QueryRunner } from 'typeorm';

export class WebhookFormat1795587459054 implements MigrationInterface {
  name = 'WebhookFormat1795587459054';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "webhooks" ADD "format" text NOT NULL DEFAULT 'json_api'`);
    await queryRunner.query(`ALTER TABLE "webhooks" ADD CONSTRAINT "chk_webhooks_format" CHECK ("format" IN ('json_api', 'dcsa_tnt_3'))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "webhooks" DROP CONSTRAINT "chk_webhooks_format"`);
    await queryRunner.query(`ALTER TABLE "webhooks" DROP COLUMN "format"`);
  }
}
