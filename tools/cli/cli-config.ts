import { createDatabaseConnection } from '@quayside/data-access';
import type { DatabaseConnection } from '@quayside/data-access';
import { ConfigValidationError, DatabaseConfig, loadConfig } from '@quayside/platform';

/** The environment the command-line tools read; nothing else in tools/cli touches `process.env`. */
export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/quayside';

export function databaseUrlFromEnv(): string {
  return process.env['DATABASE_URL'] ?? DEFAULT_DATABASE_URL;
}

/** The database settings the apps read (URL, TLS, pooler), validated as the apps validate them. */
export function databaseConfigFromEnv(): DatabaseConfig {
  return loadConfig('quayside', DatabaseConfig, process.env);
}

/**
 * A connection for one command, with the apps' TLS and pool settings. `session`: to the address
 * that keeps a session (DATABASE_DIRECT_URL behind a transaction-mode pooler), as a session.
 */
export function openToolConnection(config: DatabaseConfig, options: { session?: boolean } = {}): DatabaseConnection {
  const { databaseUrl, ...settings } = config.databaseConnection;
  if (!options.session) return createDatabaseConnection(databaseUrl, {}, settings);
  return createDatabaseConnection(sessionUrlOf(config), {}, { ...settings, poolMode: 'session' });
}

/** The address that keeps a session; refused behind a transaction-mode pooler without DATABASE_DIRECT_URL. */
export function sessionUrlOf(config: DatabaseConfig): string {
  const url = config.sessionDatabaseUrl;
  if (url !== null) return url;
  throw new ConfigValidationError('quayside', [
    "DATABASE_DIRECT_URL: needed with DATABASE_POOL_MODE=transaction, for work that holds a session (the migrations' schema lock)",
  ]);
}
