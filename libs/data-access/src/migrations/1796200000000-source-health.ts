import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each source's health, merged by every tracker-worker process, and its calls per minute for the
 * error rate (docs/carriers.md, "Source health").
 */
export class SourceHealth1796200000000 implements MigrationInterface {
  name = 'SourceHealth1796200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "source_call_minutes" ("kind" text NOT NULL, "code" text NOT NULL, "minute" TIMESTAMP WITH TIME ZONE NOT NULL, "calls" integer NOT NULL DEFAULT '0', "errors" integer NOT NULL DEFAULT '0', CONSTRAINT "chk_source_call_minutes_kind" CHECK ("kind" IN ('carrier', 'terminal', 'rail')), CONSTRAINT "PK_3336fccab3a2606407bb1703812" PRIMARY KEY ("kind", "code", "minute"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "source_health" ("kind" text NOT NULL, "code" text NOT NULL, "last_success_at" TIMESTAMP WITH TIME ZONE, "last_error_at" TIMESTAMP WITH TIME ZONE, "last_error_class" text, "last_error_detail" text, "failing_since" TIMESTAMP WITH TIME ZONE, "outage_notified_at" TIMESTAMP WITH TIME ZONE, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "chk_source_health_error_class" CHECK ("last_error_class" IS NULL OR "last_error_class" IN ('auth_refused', 'quota', 'unreachable', 'unrecognized_answer', 'adapter_error')), CONSTRAINT "chk_source_health_kind" CHECK ("kind" IN ('carrier', 'terminal', 'rail')), CONSTRAINT "PK_0a67dfbd8973c90ad8abdc8c7e1" PRIMARY KEY ("kind", "code"))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "source_health"`);
    await queryRunner.query(`DROP TABLE "source_call_minutes"`);
  }
}
