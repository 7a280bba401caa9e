import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AccountDocumentSettings1795600388254 implements MigrationInterface {
  name = 'AccountDocumentSettings1795600388254';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "accounts" ADD "documents_create_tracking_requests" boolean NOT NULL DEFAULT false`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "accounts" DROP COLUMN "documents_create_tracking_requests"`);
  }
}
