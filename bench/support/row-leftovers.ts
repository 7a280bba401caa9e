import type { DatabaseConnection } from '@quayside/data-access';
import { QUEUE_NAMES } from '@quayside/queues';
import { deleteRedisKeys } from './redis-prefix';

/**
 * Ends a row whose processes have stopped: the jobs they left undone are dropped, in Postgres
 * (open outbox rows marked completed) and in Redis (every queue's Bull jobs under the bench's
 * prefix, which the row's relay published for those rows and for the rows other apps consume).
 * Until 2026-11-28 only the rows were completed: the tracker-worker's relay had published the
 * fan-out jobs of the events its row raised (some 8,800 at 10 k), and the dispatcher of the next
 * row took them all, a transaction each, while it was timed (bench/README.md, "Leftover jobs").
 */
export async function dropRowLeftovers(dataSource: DatabaseConnection, env: { REDIS_URL?: string; REDIS_PREFIX?: string }): Promise<void> {
  await completeOpenOutboxRows(dataSource);
  const { REDIS_URL: url, REDIS_PREFIX: prefix } = env;
  if (!url || !prefix) throw new Error('the row has no Redis URL and prefix to clean');
  for (const queue of QUEUE_NAMES) await deleteRedisKeys(url, `${prefix}:${queue}:*`);
}

/** Marks every open outbox row completed: what a row that ran no relay leaves (nothing of it reached Redis). */
export async function completeOpenOutboxRows(dataSource: DatabaseConnection): Promise<void> {
  await dataSource.query(`UPDATE outbox SET completed_at = now() WHERE completed_at IS NULL`);
}
