import type { DataSource } from 'typeorm';

/** One key for every schema-changing step, so processes starting together take turns. */
const SCHEMA_LOCK_SQL = "SELECT pg_advisory_lock(hashtext('quayside:schema'))";
const SCHEMA_UNLOCK_SQL = "SELECT pg_advisory_unlock(hashtext('quayside:schema'))";

/**
 * Runs `work` while holding the schema advisory lock on a dedicated connection. The lock is
 * per session, so it is released even if the process dies mid-way.
 */
export async function withSchemaLock<T>(dataSource: DataSource, work: () => Promise<T>): Promise<T> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query(SCHEMA_LOCK_SQL);
    try {
      return await work();
    } finally {
      await runner.query(SCHEMA_UNLOCK_SQL);
    }
  } finally {
    await runner.release();
  }
}

/**
 * Applies pending migrations, each in its own transaction, and returns their names. Safe
 * when several processes start at once: the second waits for the first and finds nothing to do.
 */
export async function runMigrations(dataSource: DataSource): Promise<string[]> {
  return withSchemaLock(dataSource, async () => {
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    return applied.map((migration) => migration.name);
  });
}

/**
 * Reverts the last applied migration (for tests of reversibility and for operators).
 * @internal Exported for tests: the migration tests run each migration down and up again.
 */
export async function revertLastMigration(dataSource: DataSource): Promise<void> {
  await withSchemaLock(dataSource, () => dataSource.undoLastMigration({ transaction: 'each' }));
}
