import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAtColumn, InstantColumn, TextColumn, UuidColumn } from './column-types';

/**
 * Work handed between processes, written in the same transaction as the state that
 * caused it. The relay publishes it to Bull (job id = row id); the consumer sets
 * `completed_at` in the transaction of the job's effects, so a replayed job does nothing.
 */
@Entity({ name: 'outbox' })
@Index('idx_outbox_unpublished', ['available_at'], { where: '"completed_at" IS NULL AND "published_at" IS NULL' })
@Index('idx_outbox_in_flight', ['published_at'], { where: '"completed_at" IS NULL AND "published_at" IS NOT NULL' })
@Index('idx_outbox_account_id', ['account_id'])
export class OutboxEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @TextColumn()
  queue!: string;

  @TextColumn()
  job_name!: string;

  @Column({ type: 'jsonb' })
  payload!: Record<string, unknown>;

  /** The tenant the job acts for; null for system jobs. No FK: queued work never blocks deleting an account. */
  @UuidColumn({ nullable: true })
  account_id!: string | null;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  available_at!: Date;

  @InstantColumn()
  published_at!: Date | null;

  @Column({ type: 'integer', default: 0 })
  publish_count!: number;

  @InstantColumn()
  completed_at!: Date | null;

  @CreatedAtColumn()
  created_at!: Date;
}
