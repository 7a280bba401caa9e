import { REFRESH_PHASES, REQUEST_TYPES } from '@quayside/domain';
import type { RefreshPhase, RequestType } from '@quayside/domain';
import { Check, Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAtColumn, InstantColumn, NullableTextColumn, TextColumn, UpdatedAtColumn, UuidColumn, inList } from './column-types';

/**
 * One physical shipment as its carrier knows it (carrier + the number it is known by),
 * followed on behalf of every account that tracks it. It owns what must be one per physical
 * shipment: the clock a sandbox scenario plays on (`tracking_since`), the refresh schedule,
 * the refresh lease (one refresh at a time, across processes) and, per source, the sequence
 * of the last observation applied (older ones are skipped). Accounts' `shipments` point here
 * (docs/architecture.md, "Invariants").
 */
@Entity({ name: 'carrier_shipments' })
@Check('chk_carrier_shipments_query_type', inList('query_type', REQUEST_TYPES))
@Check('chk_carrier_shipments_refresh_phase', inList('refresh_phase', REFRESH_PHASES, { nullable: true }))
@Index('uq_carrier_shipments_number', ['shipping_line_scac', 'normalized_number'], { unique: true })
@Index('idx_carrier_shipments_refresh_due', ['next_refresh_at'], { where: '"next_refresh_at" IS NOT NULL' })
// (shipping_line_scac, upper(query_number)): a push and retention look a number up by it (made by the DcsaRetention migration; TypeORM cannot describe an expression).
@Index('idx_carrier_shipments_query_number', { synchronize: false })
export class CarrierShipmentEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @TextColumn()
  shipping_line_scac!: string;

  /** The carrier's bill of lading number (else booking, else the number asked), upper case without spaces. */
  @TextColumn()
  normalized_number!: string;

  /** How the carrier is asked: the broadest number known (bill of lading, then booking, then container). */
  @TextColumn()
  query_type!: RequestType;

  @TextColumn()
  query_number!: string;

  /** When anyone first asked about it: sandbox scenarios play from here, the same for every follower. */
  @InstantColumn({ nullable: false })
  tracking_since!: Date;

  /** One schedule for every follower; null while nobody follows it actively. */
  @InstantColumn()
  next_refresh_at!: Date | null;

  /**
   * The cadence phase its last answer put it in (docs/tracking-requests.md, "Refresh cadence"):
   * it set `next_refresh_at`, and when a carrier's quota is short the scheduler serves the most
   * urgent phases first. Null until the carrier first answered with its containers.
   */
  @NullableTextColumn()
  refresh_phase!: RefreshPhase | null;

  /** A refresh holds the lease until this instant (or until it applies its observation). */
  @InstantColumn()
  lease_until!: Date | null;

  /** The job (outbox row) holding the lease: a second delivery of the same job waits for it instead of giving way. */
  @UuidColumn({ nullable: true })
  lease_outbox_id!: string | null;

  /** The observation sequence of the refresh holding the lease: only it may release the lease. */
  @Column({ type: 'bigint', nullable: true })
  lease_seq!: string | null;

  /** Sequence (from `observation_seq`) of the last carrier answer applied; 0 before the first. */
  @Column({ type: 'bigint', default: 0 })
  carrier_seq!: string;

  @InstantColumn()
  carrier_fetched_at!: Date | null;

  /** The carrier's own time of that answer (its newest event), when it says. */
  @InstantColumn()
  carrier_source_at!: Date | null;

  /**
   * Until when the carrier's last answer is as fresh as the refresh cadence allows (written with
   * `carrier_fetched_at` by the tracker-worker, `freshUntil` in refresh-cadence.ts); past it, a
   * followed shipment's data is marked `data_stale` where users read it. Null before the first answer.
   */
  @InstantColumn()
  fresh_until!: Date | null;

  @Column({ type: 'bigint', default: 0 })
  terminal_seq!: string;

  @InstantColumn()
  terminal_fetched_at!: Date | null;

  @InstantColumn()
  terminal_source_at!: Date | null;

  @Column({ type: 'bigint', default: 0 })
  rail_seq!: string;

  @InstantColumn()
  rail_fetched_at!: Date | null;

  @InstantColumn()
  rail_source_at!: Date | null;

  @CreatedAtColumn()
  created_at!: Date;

  @UpdatedAtColumn()
  updated_at!: Date;
}
