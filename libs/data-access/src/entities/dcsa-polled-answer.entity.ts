import { Column, Entity, PrimaryColumn } from 'typeorm';
import { InstantColumn } from './column-types';

/**
 * The last answer a DCSA 3.0 carrier gave to `GET /events` for one number (docs/dcsa.md, "Carriers
 * that push"): its events exactly as listed, and when it was asked. A push is applied over it
 * (the pushed versions resolved with the listed ones, as a poll resolves them) without asking the
 * carrier again; a number with no answer kept is polled. A newer answer replaces it; a 404 removes it.
 */
@Entity({ name: 'dcsa_polled_answers' })
export class DcsaPolledAnswerEntity {
  /** The carrier connection: the SCAC of a configured DCSA carrier, upper case. */
  @PrimaryColumn({ type: 'text' })
  connection!: string;

  /** The query parameter asked by (`carrierBookingReference`, `transportDocumentReference`, `equipmentReference`). */
  @PrimaryColumn({ type: 'text' })
  parameter!: string;

  /** The number as asked. */
  @PrimaryColumn({ type: 'text' })
  number!: string;

  /** Every event of every page, in the carrier's order (`json`: the text is kept as answered). */
  @Column({ type: 'json' })
  events!: unknown;

  /** When the carrier was asked: an older answer never replaces a newer one. */
  @InstantColumn({ nullable: false })
  fetched_at!: Date;
}
