import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The operator notice of a source waiting for delivery, with its attempts, backoff and lease, so
 * a process dying between the claim and the POST loses nothing (docs/carriers.md, "Source health").
 */
export class OperatorNoticeLease1796700000000 implements MigrationInterface {
  name = 'OperatorNoticeLease1796700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "source_health" ADD "notice_id" uuid`);
    await queryRunner.query(`ALTER TABLE "source_health" ADD "notice" jsonb`);
    await queryRunner.query(`ALTER TABLE "source_health" ADD "notice_attempts" integer NOT NULL DEFAULT '0'`);
    await queryRunner.query(`ALTER TABLE "source_health" ADD "notice_due_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "source_health" ADD "notice_leased_until" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "source_health" ADD "notice_leased_by" text`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "source_health" DROP COLUMN "notice_leased_by"`);
    await queryRunner.query(`ALTER TABLE "source_health" DROP COLUMN "notice_leased_until"`);
    await queryRunner.query(`ALTER TABLE "source_health" DROP COLUMN "notice_due_at"`);
    await queryRunner.query(`ALTER TABLE "source_health" DROP COLUMN "notice_attempts"`);
    await queryRunner.query(`ALTER TABLE "source_health" DROP COLUMN "notice"`);
    await queryRunner.query(`ALTER TABLE "source_health" DROP COLUMN "notice_id"`);
  }
}
