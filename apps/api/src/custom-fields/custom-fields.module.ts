import type { OnApplicationBootstrap, OnModuleInit } from '@nestjs/common';
import { Module } from '@nestjs/common';
import {
  CustomFieldDefinitionRepository,
  CustomFieldOptionRepository,
  CustomFieldRepository,
  RecordOwnerRepository,
} from '@quayside/data-access';
import { CUSTOM_FIELD_ENTITY_RESOURCE_TYPES, CUSTOM_FIELD_ENTITY_TYPES } from '@quayside/domain';
import { ResourceRegistry } from '@quayside/json-api';
import type { AccountContext } from '../tenancy/account-context';
import { ContainerCustomFieldsController } from './container-custom-fields.controller';
import { CustomFieldDefinitionsController } from './custom-field-definitions.controller';
import { CustomFieldDefinitionsService } from './custom-field-definitions.service';
import { CustomFieldOptionsController } from './custom-field-options.controller';
import { CustomFieldOptionsService } from './custom-field-options.service';
import { CustomFieldValuesService } from './custom-field-values.service';
import {
  customFieldDefinitionResource,
  customFieldOptionResource,
  customFieldResource,
  customFieldsRelationship,
} from './custom-field.resource';
import { CustomFieldsController } from './custom-fields.controller';
import { ShipmentCustomFieldsController } from './shipment-custom-fields.controller';
import { TrackingRequestCustomFieldsController } from './tracking-request-custom-fields.controller';

/**
 * Custom fields (docs/custom-fields.md): definitions, their options and values, and the
 * `custom_fields` relationship of shipments, containers and tracking requests. Those types are
 * registered by their own modules; the relationship is added once every module is initialized.
 */
@Module({
  controllers: [
    CustomFieldDefinitionsController,
    CustomFieldOptionsController,
    CustomFieldsController,
    ShipmentCustomFieldsController,
    ContainerCustomFieldsController,
    TrackingRequestCustomFieldsController,
  ],
  providers: [
    CustomFieldDefinitionRepository,
    CustomFieldOptionRepository,
    CustomFieldRepository,
    RecordOwnerRepository,
    CustomFieldDefinitionsService,
    CustomFieldOptionsService,
    CustomFieldValuesService,
  ],
  exports: [CustomFieldDefinitionRepository],
})
export class CustomFieldsModule implements OnModuleInit, OnApplicationBootstrap {
  constructor(
    private readonly registry: ResourceRegistry<AccountContext>,
    private readonly definitions: CustomFieldDefinitionRepository,
    private readonly values: CustomFieldRepository,
  ) {}

  onModuleInit(): void {
    this.registry.register(customFieldDefinitionResource);
    this.registry.register(customFieldOptionResource);
    this.registry.register(customFieldResource((ids, account) => this.definitions.findManyOwned(account, ids)));
  }

  onApplicationBootstrap(): void {
    for (const entityType of CUSTOM_FIELD_ENTITY_TYPES) {
      const type = CUSTOM_FIELD_ENTITY_RESOURCE_TYPES[entityType];
      if (!this.registry.has(type)) continue;
      this.registry.addRelationship(
        type,
        'custom_fields',
        customFieldsRelationship(
          (ids, account) => this.values.idsByEntity(account, entityType, ids),
          (ids, account) => this.values.viewsByIds(account, ids),
        ),
      );
    }
  }
}
