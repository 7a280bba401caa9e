export * from './entities';
export { transportEventDedupeKey } from './entities/transport-event-dedupe-key';
export { buildDataSourceOptions, createDataSource } from './database/data-source-options';
export { runMigrations, revertLastMigration, withSchemaLock } from './database/run-migrations';
export {
  createDatabase,
  databaseExists,
  databaseNameOf,
  dropDatabase,
  ensureDatabase,
  renameDatabase,
  withAdminClient,
  withDatabaseName,
} from './database/database-admin';
export { MIGRATIONS } from './migrations';
export { pendingSchemaChanges } from './schema/schema-diff';
export type { SchemaChanges } from './schema/schema-diff';
export { DataAccessModule } from './data-access.module';
export type { DataAccessModuleOptions } from './data-access.module';
export * from './repositories';
export { checkMigrationsMatchEntities } from './schema/check-migrations';
