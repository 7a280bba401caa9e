import type { DataSource } from 'typeorm';

export interface SchemaChanges {
  /** SQL that would bring the database to the entities. Empty when they agree. */
  up: string[];
  /** SQL that undoes `up`, in order. */
  down: string[];
}

function inline(query: string, parameters: unknown[] | undefined): string {
  if (!parameters || parameters.length === 0) return query;
  // Only TypeORM's own metadata rows (generated columns) carry parameters; inline them as literals.
  return query.replace(/\$(\d+)/g, (_match, index: string) => {
    const value = parameters[Number(index) - 1];
    if (value === null || value === undefined) return 'NULL';
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    return `'${text.replace(/'/g, "''")}'`;
  });
}

/**
 * What TypeORM's schema builder would change to make the connected database match the
 * entities. Nothing is executed. This is the migration generator and the CI check at once.
 */
export async function pendingSchemaChanges(dataSource: DataSource): Promise<SchemaChanges> {
  const sql = await dataSource.driver.createSchemaBuilder().log();
  return {
    up: sql.upQueries.map((query) => inline(query.query, query.parameters)),
    down: sql.downQueries.map((query) => inline(query.query, query.parameters)).reverse(),
  };
}
