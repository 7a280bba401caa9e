import { Module } from '@nestjs/common';
import type { DynamicModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { buildDataSourceOptions } from './database/data-source-options';
import type { ConnectionSettings } from './database/data-source-options';
import { SessionTimeZoneCheck } from './database/session-time-zone.check';
import { REPOSITORIES } from './repositories';

export interface DataAccessModuleOptions extends ConnectionSettings {
  databaseUrl: string;
}

/**
 * The database for a Nest app: one TypeORM data source (never synchronizing, never running
 * migrations by itself) and the repositories, available everywhere (global).
 */
@Module({})
export class DataAccessModule {
  static forRoot(options: DataAccessModuleOptions): DynamicModule {
    const { databaseUrl, ...settings } = options;
    const transaction = settings.poolMode === 'transaction';
    return {
      module: DataAccessModule,
      global: true,
      imports: [TypeOrmModule.forRootAsync({ useFactory: () => buildDataSourceOptions(databaseUrl, {}, settings) })],
      providers: [...(transaction ? [SessionTimeZoneCheck] : []), ...REPOSITORIES],
      exports: [TypeOrmModule, ...REPOSITORIES],
    };
  }
}
