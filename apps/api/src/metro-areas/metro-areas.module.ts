import type { OnModuleInit } from '@nestjs/common';
import { Module } from '@nestjs/common';
import { MetroAreaRepository } from '@quayside/data-access';
import { ResourceRegistry } from '@quayside/json-api';
import type { AccountContext } from '../tenancy/account-context';
import { metroAreaResource } from './metro-area.resource';
import { MetroAreasController } from './metro-areas.controller';

/** `GET /v2/metro_areas/{id}` (by id or UN/LOCODE) and the `metro_area` resource type. */
@Module({
  controllers: [MetroAreasController],
  providers: [MetroAreaRepository],
})
export class MetroAreasModule implements OnModuleInit {
  constructor(private readonly registry: ResourceRegistry<AccountContext>) {}

  onModuleInit(): void {
    this.registry.register(metroAreaResource);
  }
}
