import { Module } from '@nestjs/common';
import type { DynamicModule, Provider } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { buildDataSourceOptions } from './database/data-source-options';
import type { ConnectionSettings } from './database/data-source-options';
import { SessionConnection } from './database/session-connection';
import { SessionTimeZoneCheck } from './database/session-time-zone.check';
import { REPOSITORIES } from './repositories';

export interface DataAccessModuleOptions extends ConnectionSettings {
  databaseUrl: string;
  /**
   * A connection that bypasses a transaction-mode pooler, for what must hold a session (the
   * outbox listener). Unused in `session` pool mode, where `databaseUrl` serves.
   */
  directUrl?: string;
}

/**
 * The database for a Nest app: one TypeORM data source (never synchronizing, never running
 * migrations by itself) and the repositories, available everywhere (global).
 */
@Module({})
export class DataAccessModule {
  static forRoot(options: DataAccessModuleOptions): DynamicModule {
    const { databaseUrl, directUrl, ...settings } = options;
    const transaction = settings.poolMode === 'transaction';
    const session: Provider = {
      provide: SessionConnection,
      useValue: new SessionConnection(transaction ? (directUrl ?? null) : databaseUrl),
    };
    return {
      module: DataAccessModule,
      global: true,
      imports: [TypeOrmModule.forRootAsync({ useFactory: () => buildDataSourceOptions(databaseUrl, {}, settings) })],
      providers: [session, ...(transaction ? [SessionTimeZoneCheck] : []), ...REPOSITORIES],
      exports: [TypeOrmModule, SessionConnection, ...REPOSITORIES],
    };
  }
}
