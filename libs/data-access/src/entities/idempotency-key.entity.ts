import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { AccountEntity } from './account.entity';
import { CreatedAtColumn, TextColumn, UuidColumn } from './column-types';

/** A stored response for an `Idempotency-Key`; `response_status` is null while the first request is still running. */
@Entity({ name: 'idempotency_keys' })
@Index('uq_idempotency_keys_account_key', ['account_id', 'key'], { unique: true })
@Index('idx_idempotency_keys_created_at', ['created_at'])
export class IdempotencyKeyEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @UuidColumn()
  account_id!: string;

  @ManyToOne(() => AccountEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'account_id' })
  account?: AccountEntity;

  @TextColumn()
  key!: string;

  /** Hash of method, path and body: the same key with another request is refused. */
  @TextColumn()
  request_hash!: string;

  @Column({ type: 'integer', nullable: true })
  response_status!: number | null;

  @Column({ type: 'jsonb', nullable: true })
  response_body!: unknown;

  @CreatedAtColumn()
  created_at!: Date;
}
