import type { MigrationInterface, QueryRunner } from 'typeorm';

export class DcsaPolledAnswers1796800000000 implements MigrationInterface {
  name = 'DcsaPolledAnswers1796800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "dcsa_polled_answers" ("connection" text NOT NULL, "parameter" text NOT NULL, "number" text NOT NULL, "events" json NOT NULL, "fetched_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_6337b2c6e52c30f2b513f6a311d" PRIMARY KEY ("connection", "parameter", "number"))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "dcsa_polled_answers"`);
  }
}
