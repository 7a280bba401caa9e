import type { OnModuleInit } from '@nestjs/common';
import { Module } from '@nestjs/common';
import { ReferenceResourceRepository } from '@quayside/data-access';
import { ResourceRegistry } from '@quayside/json-api';
import type { AccountContext } from '../tenancy/account-context';
import { ReferenceDataController } from './reference-data.controller';
import { portResource, shippingLineResource, terminalResource } from './reference-resources';

/**
 * The reference resources every account reads alike: `GET /v2/shipping_lines` (and `/{id}`),
 * `/v2/ports/{id}`, `/v2/terminals/{id}`, and their resource types for includes elsewhere.
 * Metro areas have their own folder (metro-areas/).
 */
@Module({
  controllers: [ReferenceDataController],
  providers: [ReferenceResourceRepository],
})
export class ReferenceDataModule implements OnModuleInit {
  constructor(
    private readonly registry: ResourceRegistry<AccountContext>,
    private readonly reference: ReferenceResourceRepository,
  ) {}

  onModuleInit(): void {
    this.registry
      .register(shippingLineResource)
      .register(portResource((ids) => this.reference.findTerminalsByIds(ids)))
      .register(terminalResource((ids) => this.reference.findPortsByIds(ids)));
  }
}
