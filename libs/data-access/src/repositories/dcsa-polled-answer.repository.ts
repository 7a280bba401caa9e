import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { queryRows } from './query-rows';

/**
 * The last answer of each DCSA 3.0 carrier to `GET /events` per number (docs/dcsa.md, "Carriers
 * that push"), so a push is applied over it without asking the carrier again. One row per
 * (connection, parameter, number); an answer fetched earlier than the kept one never replaces it,
 * so two polls finishing out of order keep the later one.
 */
@Injectable()
export class DcsaPolledAnswerRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Keeps `events` as the answer fetched at `fetchedAt`; null removes what is kept (the carrier no longer knows the number). */
  async remember(connection: string, parameter: string, number: string, events: unknown[] | null, fetchedAt: Date): Promise<void> {
    if (events === null) {
      await this.dataSource.query(
        `DELETE FROM dcsa_polled_answers WHERE connection = $1 AND parameter = $2 AND number = $3 AND fetched_at <= $4`,
        [connection, parameter, number, fetchedAt],
      );
      return;
    }
    await this.dataSource.query(
      `INSERT INTO dcsa_polled_answers (connection, parameter, number, events, fetched_at) VALUES ($1, $2, $3, $4::json, $5)
       ON CONFLICT (connection, parameter, number) DO UPDATE SET events = excluded.events, fetched_at = excluded.fetched_at
       WHERE dcsa_polled_answers.fetched_at <= excluded.fetched_at`,
      [connection, parameter, number, JSON.stringify(events), fetchedAt],
    );
  }

  async last(connection: string, parameter: string, number: string): Promise<{ events: unknown[]; fetchedAt: Date } | null> {
    const [row] = await queryRows<{ events: unknown[]; fetched_at: Date }>(
      this.dataSource,
      `SELECT events, fetched_at FROM dcsa_polled_answers WHERE connection = $1 AND parameter = $2 AND number = $3`,
      [connection, parameter, number],
    );
    return row === undefined ? null : { events: row.events, fetchedAt: row.fetched_at };
  }
}
