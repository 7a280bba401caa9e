import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One physical shipment, one timeline (docs/architecture.md, "Invariants").
 *
 * Generated DDL, with hand-written data steps in between:
 * - every existing (carrier, number) of the accounts' shipments becomes a `carrier_shipments`
 *   row that takes over their schedule and fixes their clock, and every number asked becomes a
 *   `tracked_numbers` row pointing at it;
 * - a milestone's identity becomes (container, event, place, leg): the duplicates stored under
 *   the old identity (the same milestone with another timestamp) are merged, keeping the first
 *   one stored with its event and notifications (the later copies, their notifications and
 *   their pending jobs are deleted);
 * - events get a change key; those stored before keep a key of their own.
 */
export class CarrierShipments1795533837778 implements MigrationInterface {
  name = 'CarrierShipments1795533837778';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."idx_shipments_refresh_due"`);
    await queryRunner.query(`DROP INDEX "public"."idx_shipments_physical"`);
    await queryRunner.query(`DROP INDEX "public"."uq_transport_events_dedupe"`);
    await queryRunner.query(
      `CREATE TABLE "carrier_shipments" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "shipping_line_scac" text NOT NULL, "normalized_number" text NOT NULL, "query_type" text NOT NULL, "query_number" text NOT NULL, "tracking_since" TIMESTAMP WITH TIME ZONE NOT NULL, "next_refresh_at" TIMESTAMP WITH TIME ZONE, "lease_until" TIMESTAMP WITH TIME ZONE, "lease_outbox_id" uuid, "lease_seq" bigint, "carrier_seq" bigint NOT NULL DEFAULT '0', "carrier_fetched_at" TIMESTAMP WITH TIME ZONE, "carrier_source_at" TIMESTAMP WITH TIME ZONE, "terminal_seq" bigint NOT NULL DEFAULT '0', "terminal_fetched_at" TIMESTAMP WITH TIME ZONE, "terminal_source_at" TIMESTAMP WITH TIME ZONE, "rail_seq" bigint NOT NULL DEFAULT '0', "rail_fetched_at" TIMESTAMP WITH TIME ZONE, "rail_source_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "chk_carrier_shipments_query_type" CHECK ("query_type" IN ('bill_of_lading', 'booking_number', 'container')), CONSTRAINT "PK_b368d013d9cfecb35d5e81260c3" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_carrier_shipments_refresh_due" ON "carrier_shipments" ("next_refresh_at") WHERE "next_refresh_at" IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_carrier_shipments_number" ON "carrier_shipments" ("shipping_line_scac", "normalized_number") `,
    );
    await queryRunner.query(
      `CREATE TABLE "stale_observations" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "carrier_shipment_id" uuid NOT NULL, "seq" bigint NOT NULL, "sources" text array NOT NULL DEFAULT '{}', "fetched_at" TIMESTAMP WITH TIME ZONE NOT NULL, "job" text NOT NULL, "reason" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_e9fd84b4e3c959c9bb2edc57e68" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_stale_observations_carrier_shipment" ON "stale_observations" ("carrier_shipment_id", "created_at") `,
    );
    await queryRunner.query(
      `CREATE TABLE "tracked_numbers" ("shipping_line_scac" text NOT NULL, "number" text NOT NULL, "tracking_since" TIMESTAMP WITH TIME ZONE NOT NULL, "carrier_shipment_id" uuid, "lease_until" TIMESTAMP WITH TIME ZONE, "lease_seq" bigint, "lease_outbox_id" uuid, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_77908b2100fc3de4d7017372dad" PRIMARY KEY ("shipping_line_scac", "number"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_tracked_numbers_carrier_shipment" ON "tracked_numbers" ("carrier_shipment_id") `);
    await queryRunner.query(`ALTER TABLE "shipments" ADD "carrier_shipment_id" uuid`);
    await queryRunner.query(`ALTER TABLE "shipments" ADD "change_version" integer NOT NULL DEFAULT '0'`);
    await queryRunner.query(`ALTER TABLE "containers" ADD "change_version" integer NOT NULL DEFAULT '0'`);
    await queryRunner.query(`ALTER TABLE "transport_events" ADD "leg" integer`);
    await queryRunner.query(`ALTER TABLE "transport_events" ADD "invalidated_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "transport_events" ADD "previous_version_id" uuid`);
    await this.backfillPhysicalShipments(queryRunner);
    await queryRunner.query(`ALTER TABLE "shipments" DROP COLUMN "next_refresh_at"`);
    await this.mergeDuplicateMilestones(queryRunner);
    // Events stored before change keys existed keep a key of their own: nothing can collide with it.
    await queryRunner.query(`ALTER TABLE "events" ADD "dedupe_key" text`);
    await queryRunner.query(`UPDATE "events" SET "dedupe_key" = 'legacy:' || "id"`);
    await queryRunner.query(`ALTER TABLE "events" ALTER COLUMN "dedupe_key" SET NOT NULL`);
    await queryRunner.query(`CREATE INDEX "idx_shipments_carrier_shipment" ON "shipments" ("carrier_shipment_id") `);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_shipments_account_carrier_shipment" ON "shipments" ("account_id", "carrier_shipment_id") WHERE "carrier_shipment_id" IS NOT NULL`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_events_dedupe_key" ON "events" ("dedupe_key") `);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_transport_events_current" ON "transport_events" ("container_id", "dedupe_key") WHERE "invalidated_at" IS NULL`,
    );
    await queryRunner.query(
      `ALTER TABLE "shipments" ADD CONSTRAINT "FK_fc6c9264ea6fa4c4d5561e58400" FOREIGN KEY ("carrier_shipment_id") REFERENCES "carrier_shipments"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "stale_observations" ADD CONSTRAINT "FK_035a3edd147cd71e09f00595404" FOREIGN KEY ("carrier_shipment_id") REFERENCES "carrier_shipments"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "tracked_numbers" ADD CONSTRAINT "FK_5b00baf6bc7aa296bfd622e1250" FOREIGN KEY ("carrier_shipment_id") REFERENCES "carrier_shipments"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "transport_events" ADD CONSTRAINT "FK_7253e315e0de0ec66df0d073641" FOREIGN KEY ("previous_version_id") REFERENCES "transport_events"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    // Every observation takes a number from here when its fetch starts: one order across all processes.
    await queryRunner.query(`CREATE SEQUENCE "observation_seq" AS bigint`);
  }

  private async backfillPhysicalShipments(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      INSERT INTO "carrier_shipments" ("shipping_line_scac", "normalized_number", "query_type", "query_number", "tracking_since", "next_refresh_at")
      SELECT s."shipping_line_scac", s."normalized_number", 'bill_of_lading',
             (array_agg(s."bill_of_lading_number" ORDER BY s."created_at", s."id"))[1],
             COALESCE(min(tr."created_at"), min(s."created_at")),
             min(s."next_refresh_at") FILTER (WHERE s."line_tracking_stopped_at" IS NULL)
      FROM "shipments" s LEFT JOIN "tracking_requests" tr ON tr."tracked_object_id" = s."id"
      GROUP BY s."shipping_line_scac", s."normalized_number"`);
    await queryRunner.query(`
      UPDATE "shipments" s SET "carrier_shipment_id" = cs."id"
      FROM "carrier_shipments" cs
      WHERE cs."shipping_line_scac" = s."shipping_line_scac" AND cs."normalized_number" = s."normalized_number"`);
    await queryRunner.query(`
      INSERT INTO "tracked_numbers" ("shipping_line_scac", "number", "tracking_since", "carrier_shipment_id")
      SELECT tr."scac", tr."request_number", min(tr."created_at"), (array_agg(s."carrier_shipment_id") FILTER (WHERE s."carrier_shipment_id" IS NOT NULL))[1]
      FROM "tracking_requests" tr LEFT JOIN "shipments" s ON s."id" = tr."tracked_object_id"
      GROUP BY tr."scac", tr."request_number"`);
    // A physical shipment's clock starts when anyone first asked about it, by whichever number.
    await queryRunner.query(`
      UPDATE "carrier_shipments" cs SET "tracking_since" = tn."since"
      FROM (SELECT "carrier_shipment_id", min("tracking_since") AS since FROM "tracked_numbers" WHERE "carrier_shipment_id" IS NOT NULL GROUP BY 1) tn
      WHERE tn."carrier_shipment_id" = cs."id" AND tn."since" < cs."tracking_since"`);
    await queryRunner.query(`
      UPDATE "tracked_numbers" tn SET "tracking_since" = cs."tracking_since"
      FROM "carrier_shipments" cs WHERE cs."id" = tn."carrier_shipment_id"`);
  }

  private async mergeDuplicateMilestones(queryRunner: QueryRunner): Promise<void> {
    // Value changes keep their keys; every other transport event is a milestone. The list is
    // frozen here on purpose: a migration must mean the same thing whatever the code becomes.
    const valueChanges = `('container.pickup_lfd.changed', 'container.pickup_lfd_line.changed', 'container.pickup_lfd_terminal.changed',
      'container.pickup_lfd_rail.changed', 'container.pickup_appointment.changed', 'container.transport.available', 'container.transport.not_available')`;
    // Legs: distinct voyages of one (container, event, place) are distinct occurrences, in the
    // order they first happened; a report without a voyage belongs to the first.
    await queryRunner.query(`
      WITH m AS (
        SELECT "id", "container_id", "event", COALESCE("location_locode", '') AS place, "voyage_number", "timestamp"
        FROM "transport_events" WHERE "event" NOT IN ${valueChanges}
      ), voyages AS (
        SELECT "container_id", "event", place, "voyage_number", min("timestamp") AS first_at
        FROM m WHERE "voyage_number" IS NOT NULL GROUP BY 1, 2, 3, 4
      ), legs AS (
        SELECT "container_id", "event", place, "voyage_number",
               (row_number() OVER (PARTITION BY "container_id", "event", place ORDER BY first_at NULLS LAST, "voyage_number") - 1)::int AS leg
        FROM voyages
      )
      UPDATE "transport_events" te
      SET "leg" = COALESCE(l.leg, 0), "dedupe_key" = m."event" || '|' || m.place || '|' || COALESCE(l.leg, 0)
      FROM m LEFT JOIN legs l ON l."container_id" = m."container_id" AND l."event" = m."event" AND l.place = m.place AND l."voyage_number" = m."voyage_number"
      WHERE te."id" = m."id"`);
    await queryRunner.query(`
      CREATE TEMPORARY TABLE "merged_transport_events" AS
      SELECT "id" FROM (
        SELECT "id", row_number() OVER (PARTITION BY "container_id", "dedupe_key" ORDER BY "created_at", "id") AS n
        FROM "transport_events" WHERE "leg" IS NOT NULL
      ) ranked WHERE n > 1`);
    await queryRunner.query(`
      CREATE TEMPORARY TABLE "merged_events" AS
      SELECT e."id" FROM "events" e JOIN "merged_transport_events" m ON m."id" = e."reference_object_id"`);
    // Their jobs not yet done would fan out or deliver what no longer exists.
    await queryRunner.query(`
      DELETE FROM "outbox" o USING "webhook_notifications" n, "merged_events" me
      WHERE o."completed_at" IS NULL AND n."event_id" = me."id" AND o."payload"->>'notificationId' = n."id"::text`);
    await queryRunner.query(`
      DELETE FROM "outbox" o USING "merged_events" me
      WHERE o."completed_at" IS NULL AND o."payload"->>'eventId' = me."id"::text`);
    await queryRunner.query(`DELETE FROM "events" e USING "merged_events" me WHERE e."id" = me."id"`);
    await queryRunner.query(`DELETE FROM "transport_events" te USING "merged_transport_events" m WHERE te."id" = m."id"`);
    await queryRunner.query(`DROP TABLE "merged_events", "merged_transport_events"`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP SEQUENCE "observation_seq"`);
    await queryRunner.query(`ALTER TABLE "transport_events" DROP CONSTRAINT "FK_7253e315e0de0ec66df0d073641"`);
    await queryRunner.query(`ALTER TABLE "tracked_numbers" DROP CONSTRAINT "FK_5b00baf6bc7aa296bfd622e1250"`);
    await queryRunner.query(`ALTER TABLE "stale_observations" DROP CONSTRAINT "FK_035a3edd147cd71e09f00595404"`);
    await queryRunner.query(`ALTER TABLE "shipments" DROP CONSTRAINT "FK_fc6c9264ea6fa4c4d5561e58400"`);
    await queryRunner.query(`DROP INDEX "public"."uq_transport_events_current"`);
    await queryRunner.query(`DROP INDEX "public"."uq_events_dedupe_key"`);
    await queryRunner.query(`DROP INDEX "public"."uq_shipments_account_carrier_shipment"`);
    await queryRunner.query(`DROP INDEX "public"."idx_shipments_carrier_shipment"`);
    // Back to the identity that includes the time; corrected versions are dropped (the old schema had none).
    await queryRunner.query(`DELETE FROM "transport_events" WHERE "invalidated_at" IS NOT NULL`);
    await queryRunner.query(`
      UPDATE "transport_events" SET "dedupe_key" = "event" || '|' || COALESCE("location_locode", '') || '|' ||
        COALESCE(to_char("timestamp" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), '')
      WHERE "leg" IS NOT NULL`);
    await queryRunner.query(`ALTER TABLE "transport_events" DROP COLUMN "previous_version_id"`);
    await queryRunner.query(`ALTER TABLE "transport_events" DROP COLUMN "invalidated_at"`);
    await queryRunner.query(`ALTER TABLE "transport_events" DROP COLUMN "leg"`);
    await queryRunner.query(`ALTER TABLE "events" DROP COLUMN "dedupe_key"`);
    await queryRunner.query(`ALTER TABLE "containers" DROP COLUMN "change_version"`);
    await queryRunner.query(`ALTER TABLE "shipments" DROP COLUMN "change_version"`);
    await queryRunner.query(`ALTER TABLE "shipments" ADD "next_refresh_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`
      UPDATE "shipments" s SET "next_refresh_at" = cs."next_refresh_at"
      FROM "carrier_shipments" cs WHERE cs."id" = s."carrier_shipment_id" AND s."line_tracking_stopped_at" IS NULL`);
    await queryRunner.query(`ALTER TABLE "shipments" DROP COLUMN "carrier_shipment_id"`);
    await queryRunner.query(`DROP INDEX "public"."idx_tracked_numbers_carrier_shipment"`);
    await queryRunner.query(`DROP TABLE "tracked_numbers"`);
    await queryRunner.query(`DROP INDEX "public"."idx_stale_observations_carrier_shipment"`);
    await queryRunner.query(`DROP TABLE "stale_observations"`);
    await queryRunner.query(`DROP INDEX "public"."uq_carrier_shipments_number"`);
    await queryRunner.query(`DROP INDEX "public"."idx_carrier_shipments_refresh_due"`);
    await queryRunner.query(`DROP TABLE "carrier_shipments"`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_transport_events_dedupe" ON "transport_events" ("container_id", "dedupe_key") `);
    await queryRunner.query(
      `CREATE INDEX "idx_shipments_physical" ON "shipments" ("shipping_line_scac", (COALESCE("carrier_reference", "bill_of_lading_number"))) WHERE "line_tracking_stopped_at" IS NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_shipments_refresh_due" ON "shipments" ("next_refresh_at") WHERE (line_tracking_stopped_at IS NULL)`,
    );
  }
}
