import type { MigrationInterface, QueryRunner } from 'typeorm';

export class WidgetKeys1795567007937 implements MigrationInterface {
  name = 'WidgetKeys1795567007937';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "widget_keys" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "account_id" uuid NOT NULL, "name" text NOT NULL, "key" text NOT NULL, "allowed_origins" text array NOT NULL DEFAULT '{}', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_0f02f2b226e5a1653d06e748ffd" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_widget_keys_key" ON "widget_keys" ("key") `);
    await queryRunner.query(`CREATE INDEX "idx_widget_keys_account_id" ON "widget_keys" ("account_id", "created_at", "id") `);
    await queryRunner.query(
      `ALTER TABLE "widget_keys" ADD CONSTRAINT "FK_60aa75abcc4db3d1d1d7f7d2e81" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "widget_keys" DROP CONSTRAINT "FK_60aa75abcc4db3d1d1d7f7d2e81"`);
    await queryRunner.query(`DROP INDEX "public"."idx_widget_keys_account_id"`);
    await queryRunner.query(`DROP INDEX "public"."uq_widget_keys_key"`);
    await queryRunner.query(`DROP TABLE "widget_keys"`);
  }
}
