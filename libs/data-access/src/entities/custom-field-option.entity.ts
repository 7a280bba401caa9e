import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { AccountEntity } from './account.entity';
import { CreatedAtColumn, TextColumn, UpdatedAtColumn, UuidColumn } from './column-types';
import { CustomFieldDefinitionEntity } from './custom-field-definition.entity';

/** A choice of an `enum` / `enum_multi` custom field: values store `value`, `display_value` shows `label`. */
@Entity({ name: 'custom_field_options' })
@Index('uq_custom_field_options_value', ['definition_id', 'value'], { unique: true })
// Every tenant-owned table is reachable by account first (an account's options, in order).
@Index('idx_custom_field_options_account_definition', ['account_id', 'definition_id', 'position'])
export class CustomFieldOptionEntity {
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

  @TextColumn()
  label!: string;

  @TextColumn()
  value!: string;

  @Column({ type: 'integer', nullable: true })
  position!: number | null;

  @CreatedAtColumn()
  created_at!: Date;

  @UpdatedAtColumn()
  updated_at!: Date;
}
