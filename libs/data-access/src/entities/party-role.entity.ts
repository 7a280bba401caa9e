import { PARTY_ROLES, ROLEABLE_TYPES } from '@quayside/domain';
import type { PartyRoleName, RoleableType } from '@quayside/domain';
import { Check, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { AccountEntity } from './account.entity';
import { CreatedAtColumn, TextColumn, UpdatedAtColumn, UuidColumn, inList } from './column-types';
import { PartyEntity } from './party.entity';

/** Links a party to a shipment or a container (`Cargo`) in one role; no database FK to the roleable (it is polymorphic). */
@Entity({ name: 'party_roles' })
@Check('chk_party_roles_role', inList('role', PARTY_ROLES))
@Check('chk_party_roles_roleable_type', inList('roleable_type', ROLEABLE_TYPES))
@Index('uq_party_roles_link', ['party_id', 'role', 'roleable_type', 'roleable_id'], { unique: true })
@Index('idx_party_roles_roleable', ['account_id', 'roleable_type', 'roleable_id'])
export class PartyRoleEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @UuidColumn()
  account_id!: string;

  @ManyToOne(() => AccountEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'account_id' })
  account?: AccountEntity;

  @UuidColumn()
  party_id!: string;

  @ManyToOne(() => PartyEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'party_id' })
  party?: PartyEntity;

  @TextColumn()
  role!: PartyRoleName;

  @TextColumn()
  roleable_type!: RoleableType;

  @UuidColumn()
  roleable_id!: string;

  @CreatedAtColumn()
  created_at!: Date;

  @UpdatedAtColumn()
  updated_at!: Date;
}
