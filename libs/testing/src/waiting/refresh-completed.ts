import type { DataSource } from 'typeorm';
import { eventually } from './eventually';

/**
 * Waits until the refresh of `containerId` the api queued through the outbox (`PATCH
 * /v2/containers/{id}/refresh`) has been taken from its queue and completed by a tracker-worker.
 */
export async function refreshCompleted(dataSource: DataSource, containerId: string, timeoutMs = 60_000): Promise<void> {
  await eventually(
    () =>
      dataSource.query<{ completed: boolean }[]>(
        `SELECT completed_at IS NOT NULL AS completed FROM outbox WHERE job_name = 'refresh-container' AND payload->>'containerId' = $1`,
        [containerId],
      ),
    (rows) => rows.length === 1 && rows[0]!.completed,
    'the refresh job completed by the tracker',
    timeoutMs,
  );
}
