import { DataSource } from 'typeorm';
import type { EntityManager } from 'typeorm';
import type { PostgresConnectionOptions } from 'typeorm/driver/postgres/PostgresConnectionOptions';
import { buildDataSourceOptions } from './data-source-options';
import type { ConnectionSettings } from './data-source-options';

/**
 * A connection for tools, tests and the bench; the apps get theirs from DataAccessModule.
 * Outside this lib it is only ever opened, handed to repositories and closed: queries and
 * transactions belong to the repositories here (docs/architecture.md, "Who owns what").
 */
export type DatabaseConnection = DataSource;

/** What a test or bench fixture may use to insert rows: repositories and plain SQL, no transaction control. */
export type RowWriter = Pick<EntityManager, 'getRepository' | 'query'>;

/** Call `initialize()` before use and `destroy()` after. */
export function createDatabaseConnection(
  databaseUrl: string,
  overrides: Partial<PostgresConnectionOptions> = {},
  settings: ConnectionSettings = {},
): DatabaseConnection {
  return new DataSource(buildDataSourceOptions(databaseUrl, overrides, settings));
}

/**
 * Seeds several rows atomically, for fixtures in tests and the bench only (lint refuses it in
 * production code, whose writes go through repository methods that own their transaction).
 */
export function inFixtureTransaction<T>(connection: DatabaseConnection, work: (writer: EntityManager) => Promise<T>): Promise<T> {
  return connection.transaction(work);
}
