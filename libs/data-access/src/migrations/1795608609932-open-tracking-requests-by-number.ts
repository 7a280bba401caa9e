import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every refresh transaction looks for open requests of the observed shipment's numbers (they
 * join it): without an index by carrier and number that was a scan of all tracking requests per
 * refresh batch, growing with the table (about 1 ms at 5 000 requests, so ~100 ms at 500 000).
 */
export class OpenTrackingRequestsByNumber1795608609932 implements MigrationInterface {
  name = 'OpenTrackingRequestsByNumber1795608609932';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "idx_tracking_requests_open_number" ON "tracking_requests" ("scac", "request_number") WHERE "status" IN ('pending', 'awaiting_manifest')`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."idx_tracking_requests_open_number"`);
  }
}
