import { Injectable } from '@nestjs/common';
import { CustomFieldDefinitionRepository, CustomFieldOptionRepository, CustomFieldRepository } from '@quayside/data-access';
import type { CustomFieldDefinitionEntity, CustomFieldOptionEntity } from '@quayside/data-access';
import type { PageRequest } from '@quayside/json-api';
import { conflict, unprocessableEntity } from '@quayside/domain';
import type { PageResult } from '../common/json-api-presenter.service';
import type { AccountContext } from '../tenancy/account-context';
import type { CreateCustomFieldOptionAttributes } from './dto/create-custom-field-option.dto';
import type { UpdateCustomFieldOptionAttributes } from './dto/update-custom-field-option.dto';

/** Options of `enum` and `enum_multi` definitions; every call first checks the definition is the caller's. */
@Injectable()
export class CustomFieldOptionsService {
  constructor(
    private readonly definitions: CustomFieldDefinitionRepository,
    private readonly options: CustomFieldOptionRepository,
    private readonly values: CustomFieldRepository,
  ) {}

  async list(account: AccountContext, definitionId: string, page: PageRequest): Promise<PageResult<CustomFieldOptionEntity>> {
    const definition = await this.definitions.findOwned(account, definitionId);
    return this.options.list(account, definition.id, { offset: page.offset, size: page.size });
  }

  async get(account: AccountContext, definitionId: string, optionId: string): Promise<CustomFieldOptionEntity> {
    const definition = await this.definitions.findOwned(account, definitionId);
    return this.options.findIn(account, definition.id, optionId);
  }

  async create(
    account: AccountContext,
    definitionId: string,
    attributes: CreateCustomFieldOptionAttributes,
  ): Promise<CustomFieldOptionEntity> {
    const definition = await this.selectable(account, definitionId);
    const created = await this.options.create(account, definition.id, {
      label: attributes.label.trim(),
      value: attributes.value,
      position: attributes.position ?? null,
    });
    if (created === 'duplicate') throw conflict(`${definition.api_slug} already has an option with the value ${attributes.value}.`);
    return created;
  }

  async update(
    account: AccountContext,
    definitionId: string,
    optionId: string,
    attributes: UpdateCustomFieldOptionAttributes,
  ): Promise<CustomFieldOptionEntity> {
    const option = await this.get(account, definitionId, optionId);
    if (attributes.value !== undefined && attributes.value !== option.value) {
      throw unprocessableEntity({
        pointer: '/data/attributes/value',
        detail: 'value cannot change: stored values use it. Create another option.',
        code: 'immutable',
      });
    }
    const changes: { label?: string; position?: number | null } = {};
    if (attributes.label !== undefined) changes.label = attributes.label.trim();
    if (attributes.position !== undefined) changes.position = attributes.position;
    return this.options.update(option, changes);
  }

  /** Removes the option and takes it out of the values that chose it (docs/custom-fields.md). */
  async remove(account: AccountContext, definitionId: string, optionId: string): Promise<void> {
    const option = await this.get(account, definitionId, optionId);
    await this.values.dropOption(account, option.definition_id, option.value);
    await this.options.remove(option);
  }

  private async selectable(account: AccountContext, definitionId: string): Promise<CustomFieldDefinitionEntity> {
    const definition = await this.definitions.findOwned(account, definitionId);
    if (definition.data_type !== 'enum' && definition.data_type !== 'enum_multi') {
      throw unprocessableEntity({
        pointer: '/data',
        detail: `${definition.api_slug} is a ${definition.data_type} field; only enum and enum_multi fields have options.`,
        code: 'no_options',
      });
    }
    return definition;
  }
}
