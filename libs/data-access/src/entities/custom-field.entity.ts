import { CUSTOM_FIELD_ENTITY_TYPES } from '@quayside/domain';
import type { CustomFieldEntityType, CustomFieldValue } from '@quayside/domain';
import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { AccountEntity } from './account.entity';
import { CreatedAtColumn, UpdatedAtColumn, UuidColumn, inList } from './column-types';
import { CustomFieldDefinitionEntity } from './custom-field-definition.entity';

/**
 * The value of one custom field on one shipment, container or tracking request. No database FK
 * to the entity (it is polymorphic); `entity_type` repeats the definition's so lists and
 * filters need no join.
 */
@Entity({ name: 'custom_fields' })
@Check('chk_custom_fields_entity_type', inList('entity_type', CUSTOM_FIELD_ENTITY_TYPES))
@Index('uq_custom_fields_entity', ['definition_id', 'entity_id'], { unique: true })
@Index('idx_custom_fields_entity', ['account_id', 'entity_type', 'entity_id'])
@Index('idx_custom_fields_account_list', ['account_id', 'created_at', 'id'])
export class CustomFieldEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @UuidColumn()
  account_id!: string;

  @ManyToOne(() => AccountEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'account_id' })
  account?: AccountEntity;

  @UuidColumn()
  definition_id!: string;

  @ManyToOne(() => CustomFieldDefinitionEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'definition_id' })
  definition?: CustomFieldDefinitionEntity;

  @Column({ type: 'text' })
  entity_type!: CustomFieldEntityType;

  @UuidColumn()
  entity_id!: string;

  @Column({ type: 'jsonb', nullable: true })
  value!: CustomFieldValue;

  @CreatedAtColumn()
  created_at!: Date;

  @UpdatedAtColumn()
  updated_at!: Date;
}
