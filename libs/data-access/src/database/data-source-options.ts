import type { ConnectionOptions } from 'node:tls';
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
 * libpq's `sslmode` values that encrypt: `require` (encrypted, the server's certificate not
 * checked: no protection against a man in the middle), `verify-ca` (its chain checked against the
 * CA), `verify-full` (the chain and the host name or address it was reached by).
 */
export const DATABASE_TLS_MODES = ['require', 'verify-ca', 'verify-full'] as const;
export type DatabaseTlsMode = (typeof DATABASE_TLS_MODES)[number];

export interface DatabaseTls {
  mode: DatabaseTlsMode;
  /** PEM certificates the server's chain must lead to; Node's bundled CAs when absent (`verify-full` only). */
  ca?: string;
}

/**
 * `session`: the URL reaches Postgres itself or a pooler that gives each client one server
 * connection for its whole session (PgBouncer `pool_mode = session`). `transaction`: a pooler
 * that may hand every transaction to another server connection (PgBouncer `pool_mode =
 * transaction`), where nothing may outlive a transaction: no named prepared statements, no
 * startup `options`, no LISTEN, no session advisory lock (docs/deploy.md, "Production Redis and
 * PostgreSQL").
 */
export const DATABASE_POOL_MODES = ['session', 'transaction'] as const;
export type DatabasePoolMode = (typeof DATABASE_POOL_MODES)[number];

/** Everything about a process's connections besides its URL. */
export interface ConnectionSettings extends PlanningOptions {
  /** Absent: no TLS (`sslmode=disable`). */
  tls?: DatabaseTls;
  /** Connections this process opens at most (pg's pool; 10 when absent). */
  poolSize?: number;
  /**
   * How long a query waits for a free connection of the pool (or for a new one to connect)
   * before it fails with `DatabaseUnavailableError`'s cause; absent or 0: it waits for ever.
   */
  poolTimeoutMs?: number;
  poolMode?: DatabasePoolMode;
}

/** The `tls.connect` options of a mode, as libpq's `sslmode` means them. */
export function tlsOptionsOf(tls: DatabaseTls): ConnectionOptions {
  switch (tls.mode) {
    case 'require':
      // libpq: `require` with a root certificate checks the chain as `verify-ca` does.
      return tls.ca === undefined ? { rejectUnauthorized: false } : { ca: tls.ca, checkServerIdentity: () => undefined };
    case 'verify-ca':
      return { ca: tls.ca, checkServerIdentity: () => undefined };
    case 'verify-full':
      return tls.ca === undefined ? { rejectUnauthorized: true } : { ca: tls.ca, rejectUnauthorized: true };
  }
}

/**
 * The one place connection options are built. Schema changes only ever come from the
 * committed migrations: `synchronize` and `migrationsRun` are off whatever the caller passes.
 * Every connection reads `timestamptz` values with `parseTimestamptz`; in `session` pool mode
 * it prepares its parameterized statements (`PreparingClient`) and sets its session options at
 * start-up. Behind a transaction-mode pooler it does neither: a named statement prepared on one
 * server connection is unknown on the next (PgBouncer before 1.21 forwards them as they are),
 * and PgBouncer refuses the startup parameter `options`; statements then go unnamed, parsed and
 * planned at each execution (`transaction-pooler.integration-spec.ts` shows both).
 */
export function buildDataSourceOptions(
  databaseUrl: string,
  overrides: Partial<PostgresConnectionOptions> = {},
  settings: ConnectionSettings = {},
): DataSourceOptions {
  const extra = (overrides.extra ?? {}) as Record<string, unknown>;
  const session = settings.poolMode !== 'transaction';
  const options = settings.genericPlans ? `${SESSION_OPTIONS} -c plan_cache_mode=force_generic_plan` : SESSION_OPTIONS;
  return {
    type: 'postgres',
    url: databaseUrl,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTableName: 'migrations',
    uuidExtension: 'pgcrypto',
    ...(settings.poolSize === undefined ? {} : { poolSize: settings.poolSize }),
    ...(settings.poolTimeoutMs ? { connectTimeoutMS: settings.poolTimeoutMs } : {}),
    ...overrides,
    extra: {
      ...(session ? { options, Client: PreparingClient } : {}),
      // pg's own option (TypeORM's `ssl` is typed narrower than what pg hands `tls.connect`).
      ...(settings.tls === undefined ? {} : { ssl: tlsOptionsOf(settings.tls) }),
      types: CONNECTION_TYPES,
      ...extra,
    },
    synchronize: false,
    migrationsRun: false,
  };
}
