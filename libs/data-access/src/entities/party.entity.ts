import { Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { AccountEntity } from './account.entity';
import { CreatedAtColumn, NullableTextColumn, TextColumn, UpdatedAtColumn, UuidColumn } from './column-types';

@Entity({ name: 'parties' })
@Index('idx_parties_account_list', ['account_id', 'created_at', 'id'])
export class PartyEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @UuidColumn()
  account_id!: string;

  @ManyToOne(() => AccountEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'account_id' })
  account?: AccountEntity;

  @TextColumn()
  company_name!: string;

  @NullableTextColumn()
  nickname!: string | null;

  @CreatedAtColumn()
  created_at!: Date;

  @UpdatedAtColumn()
  updated_at!: Date;
}
