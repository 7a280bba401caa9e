import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Drops the trigger of OutboxWakesRelays: commits that add outbox rows no longer `NOTIFY`. A
 * transaction that notifies takes one lock of the whole database at its commit and holds it
 * through the commit's WAL flush, so every commit that added outbox rows waited for the one
 * before it: 16 pgbench clients committing an insert each made 2,360–2,660 commits/s, 410–540
 * with a `pg_notify` in each (2 cores, fsync 1.25 ms). The process that commits the rows wakes
 * its own relay instead, after the commit, without a word to Postgres (OutboxCommitSubscriber).
 */
export class RelaysWokenAfterCommit1797200000000 implements MigrationInterface {
  name = 'RelaysWokenAfterCommit1797200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "trg_outbox_wake_relays" ON "outbox"`);
    await queryRunner.query(`DROP FUNCTION "outbox_wake_relays"()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE FUNCTION "outbox_wake_relays"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM inserted WHERE available_at <= now()) THEN
    PERFORM pg_notify('quayside_outbox', '');
  END IF;
  RETURN NULL;
END
$$`);
    await queryRunner.query(
      `CREATE TRIGGER "trg_outbox_wake_relays" AFTER INSERT ON "outbox" REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "outbox_wake_relays"()`,
    );
  }
}
