import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Raw events: each source message of a container as received, beside what it mapped to (docs/containers.md). */
export class RawEvents1795565967247 implements MigrationInterface {
  name = 'RawEvents1795565967247';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "raw_events" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "account_id" uuid NOT NULL, "container_id" uuid NOT NULL, "event" text, "original_event" text NOT NULL, "timestamp" TIMESTAMP WITH TIME ZONE, "timezone" text, "estimated" boolean NOT NULL DEFAULT false, "index" integer NOT NULL DEFAULT '0', "location_locode" text, "location_name" text, "location_id" uuid, "terminal_id" uuid, "vessel_name" text, "vessel_imo" text, "voyage_number" text, "data_source" text NOT NULL, "data_provider_code" text, "data_provider_name" text, "transport_event_id" uuid, "dedupe_key" text NOT NULL, "invalidated_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "chk_raw_events_data_source" CHECK ("data_source" IN ('shipping_line', 'terminal', 'rail', 'ais')), CONSTRAINT "PK_5da37c4a4297afca88e18072385" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_raw_events_transport_event" ON "raw_events" ("transport_event_id") WHERE "transport_event_id" IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_raw_events_container_index" ON "raw_events" ("account_id", "container_id", "created_at", "index") `,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_raw_events_container_dedupe" ON "raw_events" ("container_id", "dedupe_key") `);
    await queryRunner.query(
      `ALTER TABLE "raw_events" ADD CONSTRAINT "FK_b501102d8f7bf61b492f7955369" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "raw_events" ADD CONSTRAINT "FK_4fd187dfa186fe61955be75a671" FOREIGN KEY ("container_id") REFERENCES "containers"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "raw_events" ADD CONSTRAINT "FK_17fa0b208cd7a2e1575256370b1" FOREIGN KEY ("location_id") REFERENCES "ports"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "raw_events" ADD CONSTRAINT "FK_350db4b2906bb026c9983fbb029" FOREIGN KEY ("terminal_id") REFERENCES "terminals"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "raw_events" ADD CONSTRAINT "FK_6acada050c46785d773d0c18b7a" FOREIGN KEY ("transport_event_id") REFERENCES "transport_events"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "raw_events" DROP CONSTRAINT "FK_6acada050c46785d773d0c18b7a"`);
    await queryRunner.query(`ALTER TABLE "raw_events" DROP CONSTRAINT "FK_350db4b2906bb026c9983fbb029"`);
    await queryRunner.query(`ALTER TABLE "raw_events" DROP CONSTRAINT "FK_17fa0b208cd7a2e1575256370b1"`);
    await queryRunner.query(`ALTER TABLE "raw_events" DROP CONSTRAINT "FK_4fd187dfa186fe61955be75a671"`);
    await queryRunner.query(`ALTER TABLE "raw_events" DROP CONSTRAINT "FK_b501102d8f7bf61b492f7955369"`);
    await queryRunner.query(`DROP INDEX "public"."uq_raw_events_container_dedupe"`);
    await queryRunner.query(`DROP INDEX "public"."idx_raw_events_container_index"`);
    await queryRunner.query(`DROP INDEX "public"."idx_raw_events_transport_event"`);
    await queryRunner.query(`DROP TABLE "raw_events"`);
  }
}
