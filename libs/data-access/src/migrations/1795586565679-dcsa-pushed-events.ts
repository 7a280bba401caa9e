import type { MigrationInterface, QueryRunner } from 'typeorm';

export class DcsaPushedEvents1795586565679 implements MigrationInterface {
  name = 'DcsaPushedEvents1795586565679';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "dcsa_pushed_events" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "connection" text NOT NULL, "event_id" text NOT NULL, "version_key" text NOT NULL, "refs" text array NOT NULL DEFAULT '{}', "body" json NOT NULL, "position" integer NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_b63e0e2d7ebb8df6de8e4742b50" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_dcsa_pushed_events_order" ON "dcsa_pushed_events" ("connection", "created_at", "position") `,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_dcsa_pushed_events_version" ON "dcsa_pushed_events" ("connection", "event_id", "version_key") `,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."uq_dcsa_pushed_events_version"`);
    await queryRunner.query(`DROP INDEX "public"."idx_dcsa_pushed_events_order"`);
    await queryRunner.query(`DROP TABLE "dcsa_pushed_events"`);
  }
}
