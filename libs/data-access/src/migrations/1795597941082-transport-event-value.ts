import type { MigrationInterface, QueryRunner } from 'typeorm';

export class TransportEventValue1795597941082 implements MigrationInterface {
  name = 'TransportEventValue1795597941082';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "transport_events" ADD "value" TIMESTAMP WITH TIME ZONE`);
    // Value changes stored before: their event row has always carried the new value as `current`.
    await queryRunner.query(`UPDATE "transport_events" te SET "value" = (e.payload->>'current')::timestamptz
      FROM "events" e
      WHERE e.reference_object_type = 'transport_event' AND e.reference_object_id = te.id
        AND e.name LIKE 'container.pickup\\_%.changed' AND e.payload->>'current' IS NOT NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "transport_events" DROP COLUMN "value"`);
  }
}
