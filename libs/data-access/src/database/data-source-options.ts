import type { DataSourceOptions } from 'typeorm';
import type { PostgresConnectionOptions } from 'typeorm/driver/postgres/PostgresConnectionOptions';
import { ENTITIES } from '../entities';
import { MIGRATIONS } from '../migrations';
import { PreparingClient } from './preparing-client';
import { CONNECTION_TYPES } from './timestamptz-parser';

/** Every connection works in UTC, so `now()`, `::date` and text casts of `timestamptz` never depend on the server. */
const SESSION_OPTIONS = '-c TimeZone=UTC';

/** How the connections of one process plan their prepared statements. */
export interface PlanningOptions {
  /**
   * Plan each prepared statement once per connection (`plan_cache_mode=force_generic_plan`)
   * instead of at every execution. For the workers, whose statements all name their rows by
   * id or by batch, so one plan fits every execution: Postgres kept planning the tracker's
   * statements anew for each refresh (their generic plans looked dearer than the custom ones,
   * for no difference when run), about 1.6 ms of a backend's 3.5–4 ms per one-shipment refresh
   * (bench/README.md, "Generic plans for the workers"). Not for the api, whose filters and
   * pages are planned best for the values they are run with.
   */
  genericPlans?: boolean;
}

/**
 * The one place connection options are built. Schema changes only ever come from the
 * committed migrations: `synchronize` and `migrationsRun` are off whatever the caller passes.
 * Every connection prepares its parameterized statements (`PreparingClient`) and reads
 * `timestamptz` values with `parseTimestamptz`.
 */
export function buildDataSourceOptions(
  databaseUrl: string,
  overrides: Partial<PostgresConnectionOptions> = {},
  planning: PlanningOptions = {},
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
    extra: {
      options: planning.genericPlans ? `${SESSION_OPTIONS} -c plan_cache_mode=force_generic_plan` : SESSION_OPTIONS,
      Client: PreparingClient,
      types: CONNECTION_TYPES,
      ...extra,
    },
    synchronize: false,
    migrationsRun: false,
  };
}
