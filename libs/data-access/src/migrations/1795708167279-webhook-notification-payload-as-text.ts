import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A notification's document is stored once, posted on every attempt as it is, and never
 * queried into: `json` (the text kept verbatim) instead of `jsonb`. Postgres parsed each 6 KB
 * document into `jsonb` at fan-out and printed it back to text for every attempt, and
 * compressed it with pglz; per delivery that was about 230 µs of a backend's CPU to store and
 * about 90 µs to read, against about 50 and 30 as `json` compressed with lz4 (where the
 * server has it, as the official images do; otherwise the default, pglz).
 *
 * The cast keeps the bytes of the notifications already stored: `jsonb::json` is the text the
 * dispatcher posted for them so far, so a retry after the upgrade posts the same body. The
 * table is rewritten under an exclusive lock: about 100 ms per 10 000 stored notifications
 * on the bench's machine, so fan-out and delivery wait that long once (docs/webhooks.md).
 */
export class WebhookNotificationPayloadAsText1795708167279 implements MigrationInterface {
  name = 'WebhookNotificationPayloadAsText1795708167279';

  async up(queryRunner: QueryRunner): Promise<void> {
    const rows = (await queryRunner.query(
      `SELECT 'lz4' = ANY(enumvals) AS lz4 FROM pg_settings WHERE name = 'default_toast_compression'`,
    )) as Array<{ lz4: boolean }>;
    const compression = rows[0]?.lz4 ? `, ALTER COLUMN "payload" SET COMPRESSION lz4` : '';
    await queryRunner.query(`ALTER TABLE "webhook_notifications" ALTER COLUMN "payload" TYPE json USING "payload"::json${compression}`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "webhook_notifications" ALTER COLUMN "payload" TYPE jsonb USING "payload"::jsonb, ALTER COLUMN "payload" SET COMPRESSION DEFAULT`,
    );
  }
}
