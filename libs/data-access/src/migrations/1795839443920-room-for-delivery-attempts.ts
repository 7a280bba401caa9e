import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Room in each `webhook_notifications` page for its rows' next versions, so that recording a
 * delivery attempt (status, attempts, the answer, next attempt: no indexed column) stays a
 * heap-only (HOT) update: the new version goes into the same page and none of the table's five
 * indexes gets an entry for it. Packed full (the default), 19 % of the attempts' updates were
 * HOT; at fillfactor 70, 62 %; at 50, 98 %. On the bench's dispatcher row after 200,000
 * completed tracker rows (harness, Postgres' statement log, 20,000 deliveries a round) the
 * attempts' UPDATE went from 2.9 to 0.65 ms a statement, about 33 µs less of Postgres per
 * delivery, and the row from 6,257 to 6,922 deliveries/s; fan-out's insert of the same
 * notifications took 5 % longer. The documents themselves (a few KB) live in the TOAST table,
 * which a fillfactor does not touch: the room costs the narrow part of each row only.
 *
 * Only pages written from now on keep the room (Postgres does not rewrite a table for a
 * fillfactor): nothing is locked for longer than the catalog change.
 */
export class RoomForDeliveryAttempts1795839443920 implements MigrationInterface {
  name = 'RoomForDeliveryAttempts1795839443920';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "webhook_notifications" SET (fillfactor = 50)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "webhook_notifications" RESET (fillfactor)`);
  }
}
