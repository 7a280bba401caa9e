import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Each source's quota in use across the fleet, as a tracker-worker last read it (docs/carriers.md, "Source health"). */
export class SourceQuotaUse1796600000000 implements MigrationInterface {
  name = 'SourceQuotaUse1796600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "source_health" ADD "quota_requests_in_window" integer`);
    await queryRunner.query(`ALTER TABLE "source_health" ADD "quota_requests_per_window" integer`);
    await queryRunner.query(`ALTER TABLE "source_health" ADD "quota_window_ms" integer`);
    await queryRunner.query(`ALTER TABLE "source_health" ADD "quota_in_flight" integer`);
    await queryRunner.query(`ALTER TABLE "source_health" ADD "quota_max_concurrency" integer`);
    await queryRunner.query(`ALTER TABLE "source_health" ADD "quota_paused_until" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "source_health" ADD "quota_read_at" TIMESTAMP WITH TIME ZONE`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "source_health" DROP COLUMN "quota_read_at"`);
    await queryRunner.query(`ALTER TABLE "source_health" DROP COLUMN "quota_paused_until"`);
    await queryRunner.query(`ALTER TABLE "source_health" DROP COLUMN "quota_max_concurrency"`);
    await queryRunner.query(`ALTER TABLE "source_health" DROP COLUMN "quota_in_flight"`);
    await queryRunner.query(`ALTER TABLE "source_health" DROP COLUMN "quota_window_ms"`);
    await queryRunner.query(`ALTER TABLE "source_health" DROP COLUMN "quota_requests_per_window"`);
    await queryRunner.query(`ALTER TABLE "source_health" DROP COLUMN "quota_requests_in_window"`);
  }
}
