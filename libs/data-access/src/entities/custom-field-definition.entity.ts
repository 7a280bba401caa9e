import { CUSTOM_FIELD_DATA_TYPES, CUSTOM_FIELD_ENTITY_TYPES, CUSTOM_FIELD_REFERENCE_TYPES } from '@quayside/domain';
import type { CustomFieldDataType, CustomFieldEntityType, CustomFieldReferenceType, CustomFieldValue } from '@quayside/domain';
import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { AccountEntity } from './account.entity';
import { CreatedAtColumn, NullableTextColumn, TextColumn, UpdatedAtColumn, UuidColumn, inList } from './column-types';

/** A custom field an account defines on one entity type (docs/custom-fields.md); `api_slug` names it in values and filters. */
@Entity({ name: 'custom_field_definitions' })
@Check('chk_custom_field_definitions_entity_type', inList('entity_type', CUSTOM_FIELD_ENTITY_TYPES))
@Check('chk_custom_field_definitions_data_type', inList('data_type', CUSTOM_FIELD_DATA_TYPES))
@Check('chk_custom_field_definitions_reference_type', inList('reference_type', CUSTOM_FIELD_REFERENCE_TYPES, { nullable: true }))
@Index('uq_custom_field_definitions_slug', ['account_id', 'entity_type', 'api_slug'], { unique: true })
@Index('idx_custom_field_definitions_account_list', ['account_id', 'created_at', 'id'])
export class CustomFieldDefinitionEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @UuidColumn()
  account_id!: string;

  @ManyToOne(() => AccountEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'account_id' })
  account?: AccountEntity;

  @TextColumn()
  entity_type!: CustomFieldEntityType;

  @TextColumn()
  api_slug!: string;

  @TextColumn()
  display_name!: string;

  @NullableTextColumn()
  description!: string | null;

  @TextColumn()
  data_type!: CustomFieldDataType;

  @NullableTextColumn()
  reference_type!: CustomFieldReferenceType | null;

  @Column({ type: 'jsonb', nullable: true })
  validation!: Record<string, unknown> | null;

  @NullableTextColumn()
  default_format!: string | null;

  @Column({ type: 'jsonb', nullable: true })
  default_value!: CustomFieldValue;

  @CreatedAtColumn()
  created_at!: Date;

  @UpdatedAtColumn()
  updated_at!: Date;
}
