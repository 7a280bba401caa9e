import type { MigrationInterface, QueryRunner } from 'typeorm';

export class DocumentExtraction1795597276328 implements MigrationInterface {
  name = 'DocumentExtraction1795597276328';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "documents" ADD "extraction_error" text`);
    await queryRunner.query(`ALTER TABLE "documents" ADD "extraction_generation" integer NOT NULL DEFAULT '0'`);
    await queryRunner.query(`ALTER TABLE "documents" ADD "extraction_lease_id" uuid`);
    await queryRunner.query(`ALTER TABLE "documents" ADD "extraction_lease_until" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "documents" ADD "extraction_attempts" integer NOT NULL DEFAULT '0'`);
    await queryRunner.query(`ALTER TABLE "documents" ADD "create_tracking_requests" boolean NOT NULL DEFAULT false`);
    // document.extracted / document.extraction_failed point at the document itself.
    await queryRunner.query(`ALTER TABLE "events" DROP CONSTRAINT "chk_events_reference_object_type"`);
    await queryRunner.query(
      `ALTER TABLE "events" ADD CONSTRAINT "chk_events_reference_object_type" CHECK ("reference_object_type" IN ('tracking_request', 'estimated_event', 'transport_event', 'container_updated_event', 'container_pod_terminal_changed_event', 'shipment', 'container', 'document'))`,
    );
    // document.extracted / document.extraction_failed point at the document itself.
    await queryRunner.query(`ALTER TABLE "webhook_notifications" DROP CONSTRAINT "chk_webhook_notifications_reference_object_type"`);
    await queryRunner.query(
      `ALTER TABLE "webhook_notifications" ADD CONSTRAINT "chk_webhook_notifications_reference_object_type" CHECK ("reference_object_type" IN ('tracking_request', 'estimated_event', 'transport_event', 'container_updated_event', 'container_pod_terminal_changed_event', 'shipment', 'container', 'document'))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "webhook_notifications" DROP CONSTRAINT "chk_webhook_notifications_reference_object_type"`);
    await queryRunner.query(
      `ALTER TABLE "webhook_notifications" ADD CONSTRAINT "chk_webhook_notifications_reference_object_type" CHECK ("reference_object_type" IN ('tracking_request', 'estimated_event', 'transport_event', 'container_updated_event', 'container_pod_terminal_changed_event', 'shipment', 'container'))`,
    );
    await queryRunner.query(`ALTER TABLE "events" DROP CONSTRAINT "chk_events_reference_object_type"`);
    await queryRunner.query(
      `ALTER TABLE "events" ADD CONSTRAINT "chk_events_reference_object_type" CHECK ("reference_object_type" IN ('tracking_request', 'estimated_event', 'transport_event', 'container_updated_event', 'container_pod_terminal_changed_event', 'shipment', 'container'))`,
    );
    await queryRunner.query(`ALTER TABLE "documents" DROP COLUMN "create_tracking_requests"`);
    await queryRunner.query(`ALTER TABLE "documents" DROP COLUMN "extraction_attempts"`);
    await queryRunner.query(`ALTER TABLE "documents" DROP COLUMN "extraction_lease_until"`);
    await queryRunner.query(`ALTER TABLE "documents" DROP COLUMN "extraction_lease_id"`);
    await queryRunner.query(`ALTER TABLE "documents" DROP COLUMN "extraction_generation"`);
    await queryRunner.query(`ALTER TABLE "documents" DROP COLUMN "extraction_error"`);
  }
}
