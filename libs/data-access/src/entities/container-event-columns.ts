import type { EventOrigin } from '@quayside/domain';
import { JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { AccountEntity } from './account.entity';
import { CreatedAtColumn, InstantColumn, NullableTextColumn, TextColumn, UuidColumn } from './column-types';
import { ContainerEntity } from './container.entity';
import { PortEntity } from './port.entity';
import { TerminalEntity } from './terminal.entity';

/**
 * The columns an event of one container has whether kept as the source sent it (`raw_events`) or
 * as the milestone it became (`transport_events`): whose and which container, when and where, on
 * what vessel, from which source, its identity and whether it still stands. Each table has its own
 * copy of them (TypeORM's concrete table inheritance), with its own checks and indexes.
 */
export abstract class ContainerEventColumns {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @UuidColumn()
  account_id!: string;

  @ManyToOne(() => AccountEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'account_id' })
  account?: AccountEntity;

  @UuidColumn()
  container_id!: string;

  @ManyToOne(() => ContainerEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'container_id' })
  container?: ContainerEntity;

  @InstantColumn()
  timestamp!: Date | null;

  @NullableTextColumn()
  timezone!: string | null;

  @NullableTextColumn()
  location_locode!: string | null;

  @UuidColumn({ nullable: true })
  location_id!: string | null;

  @ManyToOne(() => PortEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'location_id' })
  location?: PortEntity | null;

  @UuidColumn({ nullable: true })
  terminal_id!: string | null;

  @ManyToOne(() => TerminalEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'terminal_id' })
  terminal?: TerminalEntity | null;

  @NullableTextColumn()
  vessel_name!: string | null;

  @NullableTextColumn()
  vessel_imo!: string | null;

  @NullableTextColumn()
  voyage_number!: string | null;

  @TextColumn()
  data_source!: EventOrigin;

  @TextColumn()
  dedupe_key!: string;

  /** Set when the source corrected (a new time, a new version) or withdrew it. */
  @InstantColumn()
  invalidated_at!: Date | null;

  @CreatedAtColumn()
  created_at!: Date;
}
