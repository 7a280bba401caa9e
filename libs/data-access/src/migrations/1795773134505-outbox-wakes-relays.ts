import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every statement that adds outbox rows due now wakes the relays (`NOTIFY quayside_outbox`, sent
 * by Postgres when the transaction commits, never for one that rolls back), so a job leaves
 * within milliseconds of its commit instead of at the relay's next poll: up to
 * OUTBOX_POLL_INTERVAL_MS (200 ms) at each hand-over between processes (request → tracker →
 * fan-out → delivery), 100 ms on average. A trigger rather than a NOTIFY in each writer: every
 * writer of the outbox, present and future, wakes the relays without knowing about them.
 * Rows due later (retries, the next refresh) do not wake anyone; the relays' polling finds them.
 * One statement-level trigger per INSERT, and Postgres folds identical notifications of one
 * transaction into one.
 */
export class OutboxWakesRelays1795773134505 implements MigrationInterface {
  name = 'OutboxWakesRelays1795773134505';

  async up(queryRunner: QueryRunner): Promise<void> {
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

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "trg_outbox_wake_relays" ON "outbox"`);
    await queryRunner.query(`DROP FUNCTION "outbox_wake_relays"()`);
  }
}
