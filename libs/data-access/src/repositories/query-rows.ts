import type { DataSource, EntityManager } from 'typeorm';

/**
 * Runs SQL and returns its rows whatever the statement. TypeORM's pg driver returns
 * `[rows, affected]` for UPDATE/DELETE (even with RETURNING) and plain rows otherwise;
 * rows are objects, so an array in first place can only be that pair.
 */
export async function queryRows<T extends object>(
  executor: EntityManager | DataSource,
  sql: string,
  parameters: unknown[] = [],
): Promise<T[]> {
  const result = await executor.query<T[] | [T[], number]>(sql, parameters);
  if (result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number') return result[0];
  return result as T[];
}
