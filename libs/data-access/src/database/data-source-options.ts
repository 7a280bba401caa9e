import type { DataSourceOptions } from 'typeorm';
import type { PostgresConnectionOptions } from 'typeorm/driver/postgres/PostgresConnectionOptions';
import { ENTITIES } from '../entities';
import { MIGRATIONS } from '../migrations';
import { PreparingClient } from './preparing-client';
import { CONNECTION_TYPES } from './timestamptz-parser';

/** Every connection works in UTC, so `now()`, `::date` and text casts of `timestamptz` never depend on the server. */
const SESSION_OPTIONS = '-c TimeZone=UTC';

/**
 * The one place connection options are built. Schema changes only ever come from the
 * committed migrations: `synchronize` and `migrationsRun` are off whatever the caller passes.
 * Every connection prepares its parameterized statements (`PreparingClient`) and reads
 * `timestamptz` values with `parseTimestamptz`.
 */
export function buildDataSourceOptions(
  databaseUrl: string,
  overrides: Partial<PostgresConnectionOptions> = {},
): DataSourceOptions {
  const extra = (overrides.extra ?? {}) as Record<string, unknown>;
  return {
    type: 'postgres',
    url: databaseUrl,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTableName: 'migrations',
    uuidExtension: 'pgcrypto',
    ...overrides,
    extra: { options: SESSION_OPTIONS, Client: PreparingClient, types: CONNECTION_TYPES, ...extra },
    synchronize: false,
    migrationsRun: false,
  };
}
