import { SHIPPING_LINE_ACCESS } from '@quayside/domain';
import type { ShippingLineAccess } from '@quayside/domain';
import { Check, Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAtColumn, NullableTextColumn, TextArrayColumn, TextColumn, UpdatedAtColumn, inList } from './column-types';

@Entity({ name: 'shipping_lines' })
@Check('chk_shipping_lines_access', inList('access', SHIPPING_LINE_ACCESS))
export class ShippingLineEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Index('uq_shipping_lines_scac', { unique: true })
  @TextColumn()
  scac!: string;

  @TextColumn()
  name!: string;

  @TextColumn()
  short_name!: string;

  @NullableTextColumn()
  legal_name!: string | null;

  /** Other SCACs accepted in tracking requests for this line. */
  @TextArrayColumn()
  alternative_scacs!: string[];

  /** `public`: every account may track with it; `account`: only accounts that had it enabled. */
  @Column({ type: 'text', default: 'public' })
  access!: ShippingLineAccess;

  @Column({ type: 'boolean', default: false })
  bill_of_lading_tracking_support!: boolean;

  @Column({ type: 'boolean', default: false })
  booking_number_tracking_support!: boolean;

  @Column({ type: 'boolean', default: false })
  container_number_tracking_support!: boolean;

  /** The sandbox line (SCAC `TEST`) answered by the sandbox adapter, not a real carrier. */
  @Column({ type: 'boolean', default: false })
  is_sandbox!: boolean;

  @CreatedAtColumn()
  created_at!: Date;

  @UpdatedAtColumn()
  updated_at!: Date;
}
