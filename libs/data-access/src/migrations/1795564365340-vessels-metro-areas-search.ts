import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What `/v2/search` matches, one text per row: every number and reference of the row, upper
 * case, space separated. The same call appears in the indexes below and in
 * `SearchRepository`, so the planner can use the trigram index for `LIKE '%...%'`.
 */
const SEARCH_TEXT = {
  shipments: `quayside_search_text(ARRAY["bill_of_lading_number", "carrier_reference"] || "ref_numbers")`,
  containers: `quayside_search_text(ARRAY["number"] || "ref_numbers")`,
  tracking_requests: `quayside_search_text(ARRAY["request_number"] || "ref_numbers")`,
} as const;

/**
 * Vessels and metro areas (reference tables), and the trigram indexes of the search
 * (docs/search.md). The indexes are expressions over `quayside_search_text`, which TypeORM
 * neither declares nor sees, so they live only here.
 */
export class VesselsMetroAreasSearch1795564365340 implements MigrationInterface {
  name = 'VesselsMetroAreasSearch1795564365340';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "metro_areas" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "code" text NOT NULL, "name" text NOT NULL, "state_abbr" text, "country_code" text NOT NULL, "time_zone" text NOT NULL, "latitude" double precision, "longitude" double precision, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_62fa06e62e64779d0799153d110" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_metro_areas_code" ON "metro_areas" ("code") `);
    await queryRunner.query(
      `CREATE TABLE "vessels" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "name" text NOT NULL, "imo" text NOT NULL, "mmsi" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_be5a5b1f0d546d8bec08e0d1583" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_vessels_imo" ON "vessels" ("imo") `);
    await queryRunner.query(
      `CREATE INDEX "idx_transport_events_vessel_imo" ON "transport_events" ("vessel_imo", "timestamp") WHERE "vessel_imo" IS NOT NULL`,
    );
    // pg_trgm is a trusted extension: the owner of the database may create it.
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    // Declared immutable (array_to_string of text is), so it may be indexed.
    await queryRunner.query(
      `CREATE FUNCTION quayside_search_text(parts text[]) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT upper(array_to_string(parts, ' ')) $$`,
    );
    for (const [table, expression] of Object.entries(SEARCH_TEXT)) {
      await queryRunner.query(`CREATE INDEX "idx_${table}_search" ON "${table}" USING gin ((${expression}) gin_trgm_ops)`);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of Object.keys(SEARCH_TEXT)) {
      await queryRunner.query(`DROP INDEX "public"."idx_${table}_search"`);
    }
    await queryRunner.query(`DROP FUNCTION quayside_search_text(text[])`);
    await queryRunner.query(`DROP INDEX "public"."idx_transport_events_vessel_imo"`);
    await queryRunner.query(`DROP INDEX "public"."uq_vessels_imo"`);
    await queryRunner.query(`DROP TABLE "vessels"`);
    await queryRunner.query(`DROP INDEX "public"."uq_metro_areas_code"`);
    await queryRunner.query(`DROP TABLE "metro_areas"`);
  }
}
