import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `extract-document` moved from the `tracker` queue to a `documents` queue of its own (issue 47):
 * a slow or failing document must not hold a slot of tracking work. Rows not yet completed are
 * moved with it, so the relay hands them to the new queue; completed rows stay as they were.
 */
export class DocumentsQueue1795900000000 implements MigrationInterface {
  name = 'DocumentsQueue1795900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`UPDATE "outbox" SET "queue" = 'documents' WHERE "job_name" = 'extract-document' AND "completed_at" IS NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`UPDATE "outbox" SET "queue" = 'tracker' WHERE "job_name" = 'extract-document' AND "completed_at" IS NULL`);
  }
}
