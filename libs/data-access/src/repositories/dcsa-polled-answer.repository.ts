import { Injectable } from '@nestjs/common';
import DataLoader from 'dataloader';
import { DataSource } from 'typeorm';
import { queryRows } from './query-rows';

interface AnswerKey {
  connection: string;
  parameter: string;
  number: string;
}

interface KeptAnswer {
  events: unknown[];
  fetchedAt: Date;
}

/**
 * The last answer of each DCSA 3.0 carrier to `GET /events` per number (docs/dcsa.md, "Carriers
 * that push"), so a push is applied over it without asking the carrier again. One row per
 * (connection, parameter, number); an answer fetched earlier than the kept one never replaces it,
 * so two polls finishing out of order keep the later one.
 */
@Injectable()
export class DcsaPolledAnswerRepository {
  /**
   * The answers asked for in one turn of the event loop, read by one statement (a worker applying
   * 32 pushes together asks for 32); DataLoader gathers them, and caches nothing.
   */
  private readonly answers = new DataLoader<AnswerKey, KeptAnswer | null>(async (keys) => this.lastMany(keys), {
    cache: false,
    maxBatchSize: 256,
  });

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

  async last(connection: string, parameter: string, number: string): Promise<KeptAnswer | null> {
    return this.answers.load({ connection, parameter, number });
  }

  private async lastMany(keys: readonly AnswerKey[]): Promise<Array<KeptAnswer | null>> {
    // LIMIT 1 keeps the lookup a subquery of its own: one primary-key probe per key, whatever the
    // statistics say of the table (the key is the primary key: one row at most).
    const rows = await queryRows<{ i: number; events: unknown[]; fetched_at: Date }>(
      this.dataSource,
      `SELECT k.i::int AS i, a.events, a.fetched_at
       FROM unnest($1::text[], $2::text[], $3::text[]) WITH ORDINALITY AS k(connection, parameter, number, i)
       CROSS JOIN LATERAL (
         SELECT events, fetched_at FROM dcsa_polled_answers
         WHERE connection = k.connection AND parameter = k.parameter AND number = k.number LIMIT 1
       ) a`,
      [keys.map((key) => key.connection), keys.map((key) => key.parameter), keys.map((key) => key.number)],
    );
    const found: Array<KeptAnswer | null> = keys.map(() => null);
    for (const row of rows) found[row.i - 1] = { events: row.events, fetchedAt: row.fetched_at };
    return found;
  }
}
