import type { EventName, WebhookHeader } from '@quayside/domain';
import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { AccountEntity } from './account.entity';
import {
  CreatedAtColumn,
  InstantColumn,
  NullableTextColumn,
  TextArrayColumn,
  TextColumn,
  UpdatedAtColumn,
  UuidColumn,
  inList,
} from './column-types';

/** How a webhook's notifications are worded: Quayside's JSON:API document, or a DCSA 3.0 `POST /events` body (docs/dcsa.md). */
export const WEBHOOK_FORMATS = ['json_api', 'dcsa_tnt_3'] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];

@Entity({ name: 'webhooks' })
@Check('chk_webhooks_format', inList('format', WEBHOOK_FORMATS))
@Index('idx_webhooks_account_list', ['account_id', 'created_at', 'id'])
export class WebhookEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @UuidColumn()
  account_id!: string;

  @ManyToOne(() => AccountEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'account_id' })
  account?: AccountEntity;

  @TextColumn()
  url!: string;

  @Column({ type: 'boolean', default: true })
  active!: boolean;

  /** Subscribed event names; empty means every event. */
  @TextArrayColumn()
  events!: EventName[];

  /** The body posted: `json_api` (the notification document) or `dcsa_tnt_3` (docs/dcsa.md, "DCSA subscriptions"). */
  @Column({ type: 'text', default: 'json_api' })
  format!: WebhookFormat;

  /** HMAC signing secret. */
  @TextColumn()
  secret!: string;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  headers!: WebhookHeader[];

  @NullableTextColumn()
  deactivated_reason!: string | null;

  @InstantColumn()
  deactivated_at!: Date | null;

  @InstantColumn()
  last_success_at!: Date | null;

  /** Start of the current run of failed deliveries; null after a success. */
  @InstantColumn()
  failing_since!: Date | null;

  @CreatedAtColumn()
  created_at!: Date;

  @UpdatedAtColumn()
  updated_at!: Date;
}
