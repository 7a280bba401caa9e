import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The sources a deployment serves, as its tracker-workers register them at start-up, so the
 * api can refuse at once a line no source serves (docs/carriers.md, "What this server tracks").
 *
 * Until a tracker-worker first starts, the table holds what a worker with no configuration
 * serves: the sandbox line `TEST`, terminals `TST1`/`TST2` and rail carrier `TSTR` (the codes of
 * `libs/carriers` `sandbox/sandbox-scenario.ts`, written out here as a migration is a snapshot).
 * The first worker's registration replaces them with its own set.
 */
export class TrackingSources1795928701108 implements MigrationInterface {
  name = 'TrackingSources1795928701108';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "tracking_sources" ("kind" text NOT NULL, "code" text NOT NULL, "adapter" text NOT NULL, "request_types" text array NOT NULL DEFAULT '{}', "sandbox" boolean NOT NULL DEFAULT false, "experimental" boolean NOT NULL DEFAULT false, "registered_at" TIMESTAMP WITH TIME ZONE NOT NULL, "withdrawn_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "chk_tracking_sources_kind" CHECK ("kind" IN ('carrier', 'terminal', 'rail')), CONSTRAINT "PK_e2bb5fe757b5ac2f79cd9e53a8f" PRIMARY KEY ("kind", "code"))`,
    );
    await queryRunner.query(
      `INSERT INTO "tracking_sources" ("kind", "code", "adapter", "request_types", "sandbox", "registered_at") VALUES
         ('carrier', 'TEST', 'sandbox', '{bill_of_lading,booking_number,container}', true, now()),
         ('terminal', 'TST1', 'sandbox', '{}', true, now()),
         ('terminal', 'TST2', 'sandbox', '{}', true, now()),
         ('rail', 'TSTR', 'sandbox', '{}', true, now())`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "tracking_sources"`);
  }
}
