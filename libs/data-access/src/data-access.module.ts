import { Module } from '@nestjs/common';
import type { DynamicModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { buildDataSourceOptions } from './database/data-source-options';
import type { PlanningOptions } from './database/data-source-options';
import { REPOSITORIES } from './repositories';

export interface DataAccessModuleOptions extends PlanningOptions {
  databaseUrl: string;
}

/**
 * The database for a Nest app: one TypeORM data source (never synchronizing, never running
 * migrations by itself) and the repositories, available everywhere (global).
 */
@Module({})
export class DataAccessModule {
  static forRoot(options: DataAccessModuleOptions): DynamicModule {
    return {
      module: DataAccessModule,
      global: true,
      imports: [
        TypeOrmModule.forRootAsync({
          useFactory: () => buildDataSourceOptions(options.databaseUrl, {}, { genericPlans: options.genericPlans }),
        }),
      ],
      providers: [...REPOSITORIES],
      exports: [TypeOrmModule, ...REPOSITORIES],
    };
  }
}
