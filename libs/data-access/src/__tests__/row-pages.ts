import type { DataSource } from 'typeorm';

/**
 * The page each row's current version of `table` is in, by id: an update that keeps a row in its
 * page (HOT, when no indexed column changes) leaves it where it was.
 */
export async function rowPages(dataSource: DataSource, table: 'outbox' | 'webhook_notifications'): Promise<Map<string, string>> {
  const rows = await dataSource.query<Array<{ id: string; page: string }>>(
    `SELECT id, (ctid::text::point)[0]::bigint::text AS page FROM ${table}`,
  );
  return new Map(rows.map((row) => [row.id, row.page]));
}
