import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every container read lists its transport event ids in stored order; since the milestone
 * identity index became partial (current rows only), nothing indexed container_id alone and
 * each container cost a scan of the whole table (13 s a page at 1 million containers).
 */
export class TransportEventsByContainer1795587585817 implements MigrationInterface {
  name = 'TransportEventsByContainer1795587585817';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "idx_transport_events_container_list" ON "transport_events" ("container_id", "created_at", "id") `,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."idx_transport_events_container_list"`);
  }
}
