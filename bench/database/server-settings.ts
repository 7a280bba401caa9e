import type { DatabaseConnection } from '@quayside/data-access';

/**
 * The PostgreSQL settings that price the largest sizes: at a million containers the tracker's
 * rows read most pages from outside `shared_buffers` and write a full-page image to the WAL for
 * nearly every page they change, so two runs on servers set differently are not comparable
 * (bench/README.md, "The routine refresh at a million containers").
 */
const SETTINGS = [
  'server_version',
  'shared_buffers',
  'max_wal_size',
  'checkpoint_timeout',
  'wal_compression',
  'synchronous_commit',
] as const;

export type ServerSettings = Record<(typeof SETTINGS)[number], string>;

/** Checkpoints the server has run since its statistics were reset: the run's are the difference. */
export interface CheckpointCount {
  timed: number;
  requested: number;
}

export async function readServerSettings(dataSource: DatabaseConnection): Promise<ServerSettings> {
  const rows: Array<{ name: string; value: string }> = await dataSource.query(
    `SELECT name, current_setting(name) AS value FROM unnest($1::text[]) AS s(name)`,
    [[...SETTINGS]],
  );
  return Object.fromEntries(rows.map((row) => [row.name, row.value])) as ServerSettings;
}

export async function readCheckpoints(dataSource: DatabaseConnection): Promise<CheckpointCount> {
  const [row]: Array<{ timed: string; requested: string }> = await dataSource.query(
    `SELECT checkpoints_timed AS timed, checkpoints_req AS requested FROM pg_stat_bgwriter`,
  );
  return { timed: Number(row?.timed ?? 0), requested: Number(row?.requested ?? 0) };
}

/** The checkpoints run between two readings. */
export function checkpointsBetween(before: CheckpointCount, after: CheckpointCount): CheckpointCount {
  return { timed: after.timed - before.timed, requested: after.requested - before.requested };
}

/** One line for the run's header: the version, then every other setting read. */
export function describeServer(settings: ServerSettings): string {
  const version = settings.server_version.split(' ')[0];
  const others = SETTINGS.filter((name) => name !== 'server_version').map((name) => `${name} ${settings[name]}`);
  return `PostgreSQL ${version}: ${others.join(', ')}`;
}
