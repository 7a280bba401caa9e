import type { OnModuleInit } from '@nestjs/common';
import { Module } from '@nestjs/common';
import { ResourceRegistry } from '@quayside/json-api';
import type { AccountContext } from '../tenancy/account-context';
import { sourceResource } from './source-resource';
import { SourcesController } from './sources.controller';

/** `GET /v2/sources`: the sources this server asks and their health (docs/carriers.md, "Source health"). */
@Module({ controllers: [SourcesController] })
export class SourcesModule implements OnModuleInit {
  constructor(private readonly registry: ResourceRegistry<AccountContext>) {}

  onModuleInit(): void {
    this.registry.register(sourceResource);
  }
}
