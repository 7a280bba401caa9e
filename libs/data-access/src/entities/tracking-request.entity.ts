import { FAILED_REASONS, REQUEST_TYPES, TRACKING_REQUEST_STATUSES } from '@quayside/domain';
import type { FailedReason, RequestType, TrackingRequestStatus } from '@quayside/domain';
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
import { PartyEntity } from './party.entity';
import { ShipmentEntity } from './shipment.entity';

/** Name of the index that refuses a second live request for the same number (catch its 23505 as `duplicate`). */
export const TRACKING_REQUEST_ACTIVE_UNIQUE_INDEX = 'uq_tracking_requests_active_number';

@Entity({ name: 'tracking_requests' })
@Check('chk_tracking_requests_request_type', inList('request_type', REQUEST_TYPES))
@Check('chk_tracking_requests_status', inList('status', TRACKING_REQUEST_STATUSES))
@Check('chk_tracking_requests_failed_reason', inList('failed_reason', FAILED_REASONS, { nullable: true }))
@Index(TRACKING_REQUEST_ACTIVE_UNIQUE_INDEX, ['account_id', 'request_number', 'request_type', 'scac'], {
  unique: true,
  where: `"status" IN ('pending', 'awaiting_manifest', 'succeeded')`,
})
@Index('idx_tracking_requests_account_list', ['account_id', 'created_at', 'id'])
@Index('idx_tracking_requests_next_attempt', ['next_attempt_at'], { where: '"next_attempt_at" IS NOT NULL' })
@Index('idx_tracking_requests_tracked_object_id', ['tracked_object_id'])
// Open requests that join a physical shipment when it is observed, found by carrier and number in every refresh transaction.
@Index('idx_tracking_requests_open_number', ['scac', 'request_number'], { where: `"status" IN ('pending', 'awaiting_manifest')` })
export class TrackingRequestEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @UuidColumn()
  account_id!: string;

  @ManyToOne(() => AccountEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'account_id' })
  account?: AccountEntity;

  @TextColumn()
  request_number!: string;

  @TextColumn()
  request_type!: RequestType;

  @TextColumn()
  scac!: string;

  @TextArrayColumn()
  ref_numbers!: string[];

  @TextArrayColumn()
  tags!: string[];

  @Column({ type: 'text', default: 'pending' })
  status!: TrackingRequestStatus;

  @NullableTextColumn()
  failed_reason!: FailedReason | null;

  @Column({ type: 'boolean', default: false })
  is_retrying!: boolean;

  @Column({ type: 'integer', default: 0 })
  retry_count!: number;

  @InstantColumn()
  awaiting_manifest_since!: Date | null;

  /** When the tracker should try again; null when no attempt is scheduled. */
  @InstantColumn()
  next_attempt_at!: Date | null;

  /** The shipment, once the request succeeded. */
  @UuidColumn({ nullable: true })
  tracked_object_id!: string | null;

  @ManyToOne(() => ShipmentEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'tracked_object_id' })
  tracked_object?: ShipmentEntity | null;

  /** The account's party this request is for (the established API's `customer`); null when none was named. */
  @Index('idx_tracking_requests_customer_id', { where: '"customer_id" IS NOT NULL' })
  @UuidColumn({ nullable: true })
  customer_id!: string | null;

  @ManyToOne(() => PartyEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'customer_id' })
  customer?: PartyEntity | null;

  @CreatedAtColumn()
  created_at!: Date;

  @UpdatedAtColumn()
  updated_at!: Date;
}
