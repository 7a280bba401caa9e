import { inFixtureTransaction } from '@quayside/data-access';
import type { DatabaseConnection } from '@quayside/data-access';

interface IndexDefinition {
  name: string;
  definition: string;
}

interface ForeignKeyCheck {
  relation: string;
  name: string;
}

/**
 * Runs `load` (set-based inserts into empty or small tables) with the tables' secondary indexes
 * dropped and their foreign-key checks off, then builds the indexes again from their own
 * definitions (`pg_get_indexdef`) and turns the checks back on: a million shipments' rows into
 * random-keyed btrees and trigram GIN indexes, row by row, and a foreign-key lookup per row took
 * the seed from 30 s to over 90 s per 100,000 containers as the indexes outgrew the server's
 * buffers (2026-11-29); one sorted build per index at the end is what `pg_dump`'s restore does.
 * Primary keys and constraints stay (their indexes too), so a duplicate still fails the seed;
 * the foreign keys are not re-validated, as the seed derives every reference from the row's
 * ordinal. The bench's own database only: the schema it leaves is the migrations' schema.
 */
export async function bulkLoad(dataSource: DatabaseConnection, tables: readonly string[], load: () => Promise<void>): Promise<void> {
  const indexes = await dataSource.query<IndexDefinition[]>(
    `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS definition
     FROM pg_index i WHERE i.indrelid = ANY($1::regclass[])
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)`,
    [tables],
  );
  const checks = await dataSource.query<ForeignKeyCheck[]>(
    `SELECT tgrelid::regclass::text AS relation, tgname AS name FROM pg_trigger
     WHERE tgisinternal AND tgrelid = ANY($1::regclass[]) AND tgfoid IN ('"RI_FKey_check_ins"'::regproc, '"RI_FKey_check_upd"'::regproc)`,
    [tables],
  );
  const quote = (identifier: string): string => `"${identifier.replaceAll('"', '""')}"`;
  for (const index of indexes) await dataSource.query(`DROP INDEX ${index.name}`);
  for (const check of checks) await dataSource.query(`ALTER TABLE ${check.relation} DISABLE TRIGGER ${quote(check.name)}`);
  try {
    await load();
  } finally {
    for (const check of checks) await dataSource.query(`ALTER TABLE ${check.relation} ENABLE TRIGGER ${quote(check.name)}`);
    await inFixtureTransaction(dataSource, async (manager) => {
      // A session setting of the build's own transaction, not the server's configuration.
      await manager.query(`SET LOCAL maintenance_work_mem = '256MB'`);
      for (const index of indexes) await manager.query(index.definition);
    });
  }
}
