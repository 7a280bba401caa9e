import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAtColumn, TextArrayColumn, TextColumn } from './column-types';

/**
 * One version of a DCSA Track & Trace 3.0 event a carrier pushed to `POST /dcsa/v3/carriers/{connection}/events`
 * (docs/dcsa.md, "Carriers that push"). Kept exactly as received; the carrier's adapter reads them
 * beside what it polls, so a pushed event becomes the same milestones as a polled one. A version is
 * its `eventID` and `eventUpdatedDateTime`: the same version pushed again inserts nothing.
 */
@Entity({ name: 'dcsa_pushed_events' })
@Index('uq_dcsa_pushed_events_version', ['connection', 'event_id', 'version_key'], { unique: true })
@Index('idx_dcsa_pushed_events_order', ['connection', 'created_at', 'position'])
// Retention's way to the oldest rows (USING brin, made by the DcsaRetention migration; TypeORM cannot describe it).
@Index('idx_dcsa_pushed_events_created_at_brin', { synchronize: false })
// The events naming a number (`refs @> ARRAY[number]`; USING gin, made by the DcsaPushLookups migration).
@Index('idx_dcsa_pushed_events_refs', { synchronize: false })
export class DcsaPushedEventEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** The carrier connection it came through: the SCAC of a configured DCSA carrier, upper case. */
  @TextColumn()
  connection!: string;

  @TextColumn()
  event_id!: string;

  /** `eventUpdatedDateTime` as sent (empty when the event has none). */
  @TextColumn()
  version_key!: string;

  /** Upper-case document, booking and equipment references the event names, for looking it up by number. */
  @TextArrayColumn()
  refs!: string[];

  /** The event exactly as pushed (`json`, not `jsonb`: the text and member order are kept). */
  @Column({ type: 'json' })
  body!: unknown;

  /** Position in the pushed body: with `created_at` (one push, one transaction) the order of arrival, in which the adapter reads them, as a poll lists them. */
  @Column({ type: 'integer' })
  position!: number;

  @CreatedAtColumn()
  created_at!: Date;
}
