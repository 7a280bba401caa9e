import type { DataSource, EntityManager } from 'typeorm';
import { withSchemaLock } from '../database/run-migrations';
import { METRO_AREA_SEEDS, PORT_SEEDS, RAIL_CARRIER_SEEDS, SHIPPING_LINE_SEEDS, TERMINAL_SEEDS } from './reference-data';

interface SeedColumn {
  name: string;
  /** Type of the field in the JSON record set. */
  type: string;
  /** SQL producing the value from the record `r` (and joined tables); defaults to `r.<name>`. */
  expression?: string;
}

interface UpsertSpec {
  table: string;
  conflictKey: string;
  columns: SeedColumn[];
  /** Extra record fields used only by expressions (not stored). */
  inputOnly?: SeedColumn[];
  /** Joins available to expressions. */
  joins?: string;
}

/**
 * One statement per table: insert the rows, and on a key that exists update only when a
 * value differs. Unchanged rows are not touched (their `updated_at` stays), so seeding
 * again is a no-op, and concurrent seeders cannot create duplicates.
 */
async function upsert(manager: EntityManager, spec: UpsertSpec, rows: readonly object[]): Promise<void> {
  const recordColumns = [...spec.columns.filter((c) => !c.expression), ...(spec.inputOnly ?? [])];
  const names = spec.columns.map((c) => `"${c.name}"`).join(', ');
  const values = spec.columns.map((c) => c.expression ?? `r."${c.name}"`).join(', ');
  const updatable = spec.columns.filter((c) => c.name !== spec.conflictKey);
  const sets = updatable.map((c) => `"${c.name}" = EXCLUDED."${c.name}"`).join(', ');
  const current = updatable.map((c) => `${spec.table}."${c.name}"`).join(', ');
  const incoming = updatable.map((c) => `EXCLUDED."${c.name}"`).join(', ');
  await manager.query(
    `INSERT INTO ${spec.table} (${names})
     SELECT ${values}
     FROM jsonb_to_recordset($1::jsonb) AS r(${recordColumns.map((c) => `"${c.name}" ${c.type}`).join(', ')})
     ${spec.joins ?? ''}
     ON CONFLICT ("${spec.conflictKey}") DO UPDATE SET ${sets}, "updated_at" = now()
     WHERE (${current}) IS DISTINCT FROM (${incoming})`,
    [JSON.stringify(rows)],
  );
}

const text = (name: string): SeedColumn => ({ name, type: 'text' });
const bool = (name: string): SeedColumn => ({ name, type: 'boolean' });

/**
 * Loads shipping lines, rail carriers, ports, metro areas and terminals. Idempotent and safe when
 * several processes run it at once (schema lock, one transaction, upserts).
 */
export async function seedReferenceData(dataSource: DataSource): Promise<void> {
  await withSchemaLock(dataSource, () =>
    dataSource.transaction(async (manager) => {
      await upsert(
        manager,
        {
          table: 'shipping_lines',
          conflictKey: 'scac',
          columns: [
            text('scac'),
            text('name'),
            text('short_name'),
            text('legal_name'),
            { name: 'alternative_scacs', type: 'text[]' },
            text('access'),
            bool('bill_of_lading_tracking_support'),
            bool('booking_number_tracking_support'),
            bool('container_number_tracking_support'),
            bool('is_sandbox'),
          ],
        },
        SHIPPING_LINE_SEEDS,
      );
      await upsert(
        manager,
        { table: 'rail_carriers', conflictKey: 'scac', columns: [text('scac'), text('name'), text('short_name'), bool('is_sandbox')] },
        RAIL_CARRIER_SEEDS,
      );
      await upsert(
        manager,
        {
          table: 'ports',
          conflictKey: 'code',
          columns: [
            text('code'),
            text('name'),
            text('city'),
            text('state_abbr'),
            text('country_code'),
            text('time_zone'),
            { name: 'latitude', type: 'double precision' },
            { name: 'longitude', type: 'double precision' },
          ],
        },
        PORT_SEEDS,
      );
      await upsert(
        manager,
        {
          table: 'metro_areas',
          conflictKey: 'code',
          columns: [
            text('code'),
            text('name'),
            text('state_abbr'),
            text('country_code'),
            text('time_zone'),
            { name: 'latitude', type: 'double precision' },
            { name: 'longitude', type: 'double precision' },
          ],
        },
        METRO_AREA_SEEDS,
      );
      await upsert(
        manager,
        {
          table: 'terminals',
          conflictKey: 'firms_code',
          columns: [
            text('firms_code'),
            text('name'),
            text('nickname'),
            { name: 'port_id', type: 'uuid', expression: 'p.id' },
            text('city'),
            text('state'),
            text('state_abbr'),
            text('country'),
            text('region'),
            text('time_zone'),
            bool('is_sandbox'),
          ],
          inputOnly: [text('port_code')],
          joins: 'LEFT JOIN ports p ON p.code = r.port_code',
        },
        TERMINAL_SEEDS,
      );
    }),
  );
}
