import { DELIVERY_STATUSES, REFERENCE_OBJECT_TYPES } from '@quayside/domain';
import type { DeliveryStatus, EventName, ReferenceObjectType, WebhookNotificationRecord } from '@quayside/domain';
import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { AccountEntity } from './account.entity';
import { CreatedAtColumn, InstantColumn, NullableTextColumn, TextColumn, UpdatedAtColumn, UuidColumn, inList } from './column-types';
import { EventEntity } from './event.entity';
import { WebhookEntity } from './webhook.entity';

/** Longest response body kept from a delivery attempt; truncate before saving. */
export const WEBHOOK_RESPONSE_BODY_MAX_BYTES = 20 * 1024;

/** One delivery of one event to one webhook. (webhook_id, event_id) is unique: fan-out replays add nothing. */
@Entity({ name: 'webhook_notifications' })
@Check('chk_webhook_notifications_delivery_status', inList('delivery_status', DELIVERY_STATUSES))
@Check('chk_webhook_notifications_reference_object_type', inList('reference_object_type', REFERENCE_OBJECT_TYPES))
@Index('uq_webhook_notifications_webhook_event', ['webhook_id', 'event_id'], { unique: true })
@Index('idx_webhook_notifications_account_list', ['account_id', 'created_at', 'id'])
@Index('idx_webhook_notifications_webhook_list', ['webhook_id', 'created_at', 'id'])
@Index('idx_webhook_notifications_event_id', ['event_id'])
// Retention's way to the oldest rows (USING brin, made by the Retention migration; TypeORM cannot describe it).
@Index('idx_webhook_notifications_created_at_brin', { synchronize: false })
export class WebhookNotificationEntity implements WebhookNotificationRecord {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @UuidColumn()
  account_id!: string;

  @ManyToOne(() => AccountEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'account_id' })
  account?: AccountEntity;

  @UuidColumn()
  webhook_id!: string;

  @ManyToOne(() => WebhookEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'webhook_id' })
  webhook?: WebhookEntity;

  @UuidColumn()
  event_id!: string;

  @ManyToOne(() => EventEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'event_id' })
  event_record?: EventEntity;

  /** The event name (copied from the event, as the resource shows it). */
  @TextColumn()
  event!: EventName;

  @TextColumn()
  reference_object_type!: ReferenceObjectType;

  @UuidColumn()
  reference_object_id!: string;

  @Column({ type: 'text', default: 'pending' })
  delivery_status!: DeliveryStatus;

  @Column({ type: 'integer', default: 0 })
  attempts!: number;

  @Column({ type: 'integer', nullable: true })
  last_response_status!: number | null;

  /** At most `WEBHOOK_RESPONSE_BODY_MAX_BYTES`. */
  @NullableTextColumn()
  last_response_body!: string | null;

  @NullableTextColumn()
  last_error!: string | null;

  @InstantColumn()
  last_attempted_at!: Date | null;

  @InstantColumn()
  next_attempt_at!: Date | null;

  /**
   * The exact body posted (and signed), fixed at fan-out so retries send the same bytes:
   * `json`, the text kept as written (never queried into, so nothing gains from `jsonb`).
   */
  @Column({ type: 'json' })
  payload!: Record<string, unknown>;

  @CreatedAtColumn()
  created_at!: Date;

  @UpdatedAtColumn()
  updated_at!: Date;
}
