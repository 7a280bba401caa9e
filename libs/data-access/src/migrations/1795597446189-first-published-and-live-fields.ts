import type { MigrationInterface, QueryRunner } from 'typeorm';

export class FirstPublishedAndLiveFields1795597446189 implements MigrationInterface {
  name = 'FirstPublishedAndLiveFields1795597446189';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "shipments" ADD "pol_original_etd_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "shipments" ADD "destination_original_eta_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "containers" ADD "pol_full_in_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "containers" ADD "pol_vessel_loaded_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "containers" ADD "pol_vessel_departed_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "containers" ADD "empty_out_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "containers" ADD "delivered_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "containers" ADD "ind_facility_holds" jsonb`);
    await queryRunner.query(`ALTER TABLE "containers" ADD "ind_facility_fees" jsonb`);
    await queryRunner.query(`ALTER TABLE "containers" ADD "rail_last_tracking_request_at" TIMESTAMP WITH TIME ZONE`);
    // Containers tracked before: the same times from the transport events already stored (actual, current ones), as the tracker now writes them.
    await queryRunner.query(`UPDATE "containers" c SET
        "pol_full_in_at" = (SELECT max(te."timestamp") FROM "transport_events" te WHERE te.container_id = c.id AND te.invalidated_at IS NULL AND te.event = 'container.transport.full_in' AND te.location_locode IS NOT DISTINCT FROM s.port_of_lading_locode),
        "pol_vessel_loaded_at" = (SELECT max(te."timestamp") FROM "transport_events" te WHERE te.container_id = c.id AND te.invalidated_at IS NULL AND te.event = 'container.transport.vessel_loaded' AND te.location_locode IS NOT DISTINCT FROM s.port_of_lading_locode),
        "pol_vessel_departed_at" = (SELECT max(te."timestamp") FROM "transport_events" te WHERE te.container_id = c.id AND te.invalidated_at IS NULL AND te.event = 'container.transport.vessel_departed' AND te.location_locode IS NOT DISTINCT FROM s.port_of_lading_locode),
        "empty_out_at" = (SELECT max(te."timestamp") FROM "transport_events" te WHERE te.container_id = c.id AND te.invalidated_at IS NULL AND te.event = 'container.transport.empty_out'),
        "delivered_at" = (SELECT max(te."timestamp") FROM "transport_events" te WHERE te.container_id = c.id AND te.invalidated_at IS NULL AND te.event = 'container.transport.delivered')
      FROM "shipments" s WHERE s.id = c.shipment_id`);
    await queryRunner.query(`ALTER TABLE "tracking_requests" ADD "customer_id" uuid`);
    await queryRunner.query(
      `CREATE INDEX "idx_tracking_requests_customer_id" ON "tracking_requests" ("customer_id") WHERE "customer_id" IS NOT NULL`,
    );
    await queryRunner.query(
      `ALTER TABLE "tracking_requests" ADD CONSTRAINT "FK_561c2e3b5ea7b76676d8affc8fe" FOREIGN KEY ("customer_id") REFERENCES "parties"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "tracking_requests" DROP CONSTRAINT "FK_561c2e3b5ea7b76676d8affc8fe"`);
    await queryRunner.query(`DROP INDEX "public"."idx_tracking_requests_customer_id"`);
    await queryRunner.query(`ALTER TABLE "tracking_requests" DROP COLUMN "customer_id"`);
    await queryRunner.query(`ALTER TABLE "containers" DROP COLUMN "rail_last_tracking_request_at"`);
    await queryRunner.query(`ALTER TABLE "containers" DROP COLUMN "ind_facility_fees"`);
    await queryRunner.query(`ALTER TABLE "containers" DROP COLUMN "ind_facility_holds"`);
    await queryRunner.query(`ALTER TABLE "containers" DROP COLUMN "delivered_at"`);
    await queryRunner.query(`ALTER TABLE "containers" DROP COLUMN "empty_out_at"`);
    await queryRunner.query(`ALTER TABLE "containers" DROP COLUMN "pol_vessel_departed_at"`);
    await queryRunner.query(`ALTER TABLE "containers" DROP COLUMN "pol_vessel_loaded_at"`);
    await queryRunner.query(`ALTER TABLE "containers" DROP COLUMN "pol_full_in_at"`);
    await queryRunner.query(`ALTER TABLE "shipments" DROP COLUMN "destination_original_eta_at"`);
    await queryRunner.query(`ALTER TABLE "shipments" DROP COLUMN "pol_original_etd_at"`);
  }
}
