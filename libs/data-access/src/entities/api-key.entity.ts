import { Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { AccountEntity } from './account.entity';
import { CreatedAtColumn, InstantColumn, TextColumn, UuidColumn } from './column-types';

/**
 * Only a SHA-256 of the key is kept: keys carry at least 32 random bytes, so a fast
 * hash cannot be brute-forced and lookups stay one index probe per request.
 */
@Entity({ name: 'api_keys' })
@Index('idx_api_keys_account_id', ['account_id', 'created_at', 'id'])
export class ApiKeyEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @UuidColumn()
  account_id!: string;

  @ManyToOne(() => AccountEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'account_id' })
  account?: AccountEntity;

  @TextColumn()
  name!: string;

  /** The visible start of the key, shown in listings (the key itself is shown once). */
  @TextColumn()
  prefix!: string;

  @TextColumn()
  last_four!: string;

  /** Hex SHA-256 of the full key. */
  @Index('uq_api_keys_key_hash', { unique: true })
  @TextColumn()
  key_hash!: string;

  @CreatedAtColumn()
  created_at!: Date;

  @InstantColumn()
  deleted_at!: Date | null;

  @InstantColumn()
  last_used_at!: Date | null;
}
