import { Injectable } from '@nestjs/common';
import DataLoader from 'dataloader';
import { DataSource } from 'typeorm';
import { OutboxCommitSubscriber } from './outbox-commit.subscriber';
import { queryRows } from './query-rows';

/** One version of a pushed DCSA 3.0 event, as the api checked it. */
export interface NewPushedDcsaEvent {
  eventId: string;
  versionKey: string;
  refs: string[];
  body: Record<string, unknown>;
}

export interface PushRecorded {
  /** Versions not seen before. */
  stored: number;
  /** Versions already stored (a carrier repeating a push): nothing changes. */
  duplicates: number;
  /** Physical shipments of the connection's carrier that a stored event names; each gets a job applying the push. */
  refreshed: string[];
}

/**
 * The events naming each number, for many at once: $1 the connections, $2 the numbers (upper
 * case), pairwise; a row per event with its pair's position (`i`, from 1), in order of arrival
 * within each pair. `refs @>` (not `= ANY(refs)`) so the GIN index on `refs` finds them; alone,
 * behind `OFFSET 0` (the planner neither merges the subquery nor pushes the connection into it),
 * with the connection filtered after: with statistics older than the table (autovacuum behind, or
 * off) the planner ANDed the lookup with the (connection, created_at) index and read every entry
 * of the carrier: 32 ms behind 12,600 pushed events instead of 0.25 ms (freshness bench,
 * 2026-11-29, the most costly statement after the writes). A number rarely names shipments of two
 * carriers, so the filter drops next to nothing.
 */
export const PUSHED_EVENTS_NAMING_SQL = `SELECT k.i::int AS i, e.body
FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS k(connection, number, i)
CROSS JOIN LATERAL (
  SELECT connection, body, created_at, position, id FROM dcsa_pushed_events WHERE refs @> ARRAY[k.number] OFFSET 0
) e
WHERE e.connection = k.connection
ORDER BY k.i, e.created_at, e.position, e.id`;

/**
 * DCSA 3.0 events carriers push to Quayside (docs/dcsa.md, "Carriers that push"). A push is stored
 * in one statement with an `apply-dcsa-push` job for every followed shipment it names, so the
 * tracker-worker applies it at once rather than at the next poll. One job per physical shipment
 * (not one for all): each completes its outbox row in the transaction of that shipment's own
 * changes, and a shipment another refresh holds waits for it without holding back the others.
 */
@Injectable()
export class DcsaPushedEventRepository {
  /**
   * The lookups asked in one turn of the event loop, answered by one statement: a worker applying
   * 32 pushes together looks up 32 numbers at once, a statement (and a round trip) each before
   * (an eighth of all the statements of a 200 pushes/s run). DataLoader (graphql/dataloader) does
   * the gathering; nothing is cached, each lookup reads what is stored when it is asked.
   */
  private readonly naming = new DataLoader<{ connection: string; number: string }, unknown[]>(async (keys) => this.namingMany(keys), {
    cache: false,
    maxBatchSize: 256,
  });

  constructor(private readonly dataSource: DataSource) {}

  /**
   * `applyJob`: the queue and name of the `apply-dcsa-push` job (the queues contract, which this
   * lib does not import). One statement, so one round trip and atomic without a transaction of
   * its own: at 200 pushes/s the api's four (begin, store, look up, queue) held a connection each
   * for as long as the api took to send the next, and its pool was what bounded the pushes taken.
   */
  async record(
    connection: string,
    events: readonly NewPushedDcsaEvent[],
    applyJob: { queue: string; jobName: string },
  ): Promise<PushRecorded> {
    const [row] = await queryRows<{ stored: number; refreshed: string[] }>(
      this.dataSource,
      // Each comparison has its index: `normalized_number` is stored upper case (uq_carrier_shipments_number),
      // `query_number` and container numbers as asked or as the carrier sent them, so they are compared
      // through their upper-case expression indexes (idx_carrier_shipments_query_number, idx_containers_upper_number).
      // The indexes are searched for every number of the push ($5); only shipments named by a version
      // not stored before are queued (`named`). $5 reaches the planner through `pushed`, a value it
      // cannot see: when it could, a plan for each push's numbers looked cheaper than the generic one and
      // Postgres planned every push anew (the api does not force generic plans: its lists are planned for
      // their values), 1.05 ms a plan against 0.54 ms to run it (freshness bench at 200 pushes/s,
      // 2026-11-30; the same index scans either way). It keeps one plan per connection now.
      `WITH stored AS (
         INSERT INTO dcsa_pushed_events (connection, event_id, version_key, refs, body, position)
         SELECT $1, e.event_id, e.version_key, ARRAY(SELECT json_array_elements_text(e.refs)), e.body, e.position
           FROM json_to_recordset($2::json) AS e(event_id text, version_key text, refs json, body json, position integer)
         ON CONFLICT (connection, event_id, version_key) DO NOTHING
         RETURNING refs
       ), named AS (
         SELECT ARRAY(SELECT DISTINCT unnest(refs) FROM stored) AS refs
       ), pushed AS (
         SELECT $5::text[] AS refs
       ), followed AS (
         SELECT cs.id FROM carrier_shipments cs
          WHERE cs.shipping_line_scac = $1 AND (cs.normalized_number = ANY((SELECT refs FROM pushed)::text[]) OR upper(cs.query_number) = ANY((SELECT refs FROM pushed)::text[]))
            AND (cs.normalized_number = ANY((SELECT refs FROM named)::text[]) OR upper(cs.query_number) = ANY((SELECT refs FROM named)::text[]))
         UNION
         SELECT s.carrier_shipment_id FROM containers c JOIN shipments s ON s.id = c.shipment_id
           JOIN carrier_shipments cs ON cs.id = s.carrier_shipment_id
          WHERE cs.shipping_line_scac = $1 AND upper(c.number) = ANY((SELECT refs FROM pushed)::text[]) AND upper(c.number) = ANY((SELECT refs FROM named)::text[])
       ), queued AS (
         INSERT INTO outbox (queue, job_name, payload)
         SELECT $3, $4, jsonb_build_object('carrierShipmentId', id) FROM followed ORDER BY id
       )
       SELECT (SELECT count(*)::int FROM stored) AS stored, ARRAY(SELECT id::text FROM followed ORDER BY id) AS refreshed`,
      [
        connection,
        JSON.stringify(
          events.map((e, position) => ({ event_id: e.eventId, version_key: e.versionKey, refs: e.refs, body: e.body, position })),
        ),
        applyJob.queue,
        applyJob.jobName,
        [...new Set(events.flatMap((e) => e.refs))],
      ],
    );
    const { stored, refreshed } = row!;
    if (refreshed.length > 0) OutboxCommitSubscriber.rowsAdded(this.dataSource.manager);
    return { stored, duplicates: events.length - stored, refreshed };
  }

  /** The pushed events of `connection` naming `number` (upper case), in order of arrival (PUSHED_EVENTS_NAMING_SQL). */
  async eventsNaming(connection: string, number: string): Promise<unknown[]> {
    return this.naming.load({ connection, number });
  }

  private async namingMany(keys: ReadonlyArray<{ connection: string; number: string }>): Promise<unknown[][]> {
    const rows = await queryRows<{ i: number; body: unknown }>(this.dataSource, PUSHED_EVENTS_NAMING_SQL, [
      keys.map((key) => key.connection),
      keys.map((key) => key.number),
    ]);
    const found: unknown[][] = keys.map(() => []);
    for (const row of rows) found[row.i - 1]!.push(row.body);
    return found;
  }
}
