import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { queryRows } from './query-rows';

/**
 * What retention removes, each with the rows it may take (docs/deploy.md "Retention"):
 * - `webhook_notifications`: settled ones (succeeded or failed); a pending notification is work
 *   still owed to a webhook, whatever its age.
 * - `events`: those no pending notification still refers to (deleting an event takes its
 *   notifications with it, by the foreign key).
 * - `raw_events`: what the sources said, kept for `GET /containers/{id}/raw_events`.
 * - `shipments`: those whose tracking stopped before the cut-off, with their containers, their
 *   milestones (`transport_events`), estimated events and events (foreign keys, cascading);
 *   a shipment still tracked is never removed, so its milestones are kept while it is.
 * - `documents`: the rows; the caller deletes the stored bytes they name.
 * - `idempotency_keys`: past the replay window, a key only waits to be replaced.
 * - `dcsa_pushed_events`: versions a DCSA 3.0 carrier pushed that name (by a ref) no number still
 *   asked through that connection — neither a physical shipment some account's shipment record
 *   still points at (tracked or stopped: a stopped one may be resumed) by the number it is asked
 *   by or its own, nor an open tracking request. A refresh reads the pushed versions naming the
 *   number it asks by, so deleting one still named would change what the next refresh answers.
 * - `dcsa_polled_answers`: a carrier's kept answer for a number no such shipment or request asks
 *   by any more (it was asked by a booking and now by its bill of lading, or nobody follows it).
 */
export const RETAINED_RECORDS = [
  'webhook_notifications',
  'events',
  'raw_events',
  'shipments',
  'documents',
  'idempotency_keys',
  'dcsa_pushed_events',
  'dcsa_polled_answers',
] as const;
export type RetainedRecord = (typeof RETAINED_RECORDS)[number];

/**
 * One batch of each kind: the ids first (`FOR UPDATE SKIP LOCKED`, so two workers pruning at
 * once take different rows and neither waits on a row being written), then one short DELETE.
 * Small batches keep each transaction's locks and WAL short beside the hot path.
 */
/**
 * Physical shipments of carrier connection `connection` that an account's shipment record points at,
 * and open tracking requests of it, asking by a number in `numbers` (upper case). A shipment is asked
 * by `query_number` and may come to be asked by its own `normalized_number` (a booking's bill of
 * lading); both are looked up through indexes (`uq_carrier_shipments_number`,
 * `idx_carrier_shipments_query_number`, `idx_tracking_requests_open_number`).
 */
const STILL_ASKED = (connection: string, numbers: string): string => `(
  EXISTS (SELECT 1 FROM carrier_shipments cs
           WHERE cs.shipping_line_scac = ${connection}
             AND (cs.normalized_number = ANY(${numbers}) OR upper(cs.query_number) = ANY(${numbers}))
             AND EXISTS (SELECT 1 FROM shipments s WHERE s.carrier_shipment_id = cs.id))
  OR EXISTS (SELECT 1 FROM tracking_requests tr
              WHERE tr.scac = ${connection} AND tr.request_number = ANY(${numbers})
                AND tr.status IN ('pending', 'awaiting_manifest')))`;

const BATCH_DELETES: Readonly<Record<RetainedRecord, string>> = {
  webhook_notifications: `
    DELETE FROM webhook_notifications WHERE id IN (
      SELECT id FROM webhook_notifications
      WHERE created_at < $1 AND delivery_status <> 'pending'
      LIMIT $2 FOR UPDATE SKIP LOCKED)
    RETURNING id, NULL AS storage_key`,
  events: `
    DELETE FROM events WHERE id IN (
      SELECT e.id FROM events e
      WHERE e.created_at < $1
        AND NOT EXISTS (SELECT 1 FROM webhook_notifications n WHERE n.event_id = e.id AND n.delivery_status = 'pending')
      LIMIT $2 FOR UPDATE SKIP LOCKED)
    RETURNING id, NULL AS storage_key`,
  raw_events: `
    DELETE FROM raw_events WHERE id IN (
      SELECT id FROM raw_events WHERE created_at < $1
      LIMIT $2 FOR UPDATE SKIP LOCKED)
    RETURNING id, NULL AS storage_key`,
  shipments: `
    DELETE FROM shipments WHERE id IN (
      SELECT id FROM shipments WHERE tracking_stopped AND line_tracking_stopped_at < $1
      LIMIT $2 FOR UPDATE SKIP LOCKED)
    RETURNING id, NULL AS storage_key`,
  documents: `
    DELETE FROM documents WHERE id IN (
      SELECT id FROM documents WHERE created_at < $1
      LIMIT $2 FOR UPDATE SKIP LOCKED)
    RETURNING id, storage_key`,
  idempotency_keys: `
    DELETE FROM idempotency_keys WHERE id IN (
      SELECT id FROM idempotency_keys WHERE created_at < $1
      LIMIT $2 FOR UPDATE SKIP LOCKED)
    RETURNING id, NULL AS storage_key`,
  // Old versions a kept shipment still names stay, possibly many: each batch goes on from the
  // last row the one before deleted ($3, in the physical order the table is read in) instead of
  // checking them all again. A row the order skips waits for the next run, which starts over.
  dcsa_pushed_events: `
    DELETE FROM dcsa_pushed_events WHERE id IN (
      SELECT p.id FROM dcsa_pushed_events p
      WHERE p.created_at < $1 AND p.ctid > $3::tid AND NOT ${STILL_ASKED('p.connection', 'p.refs')}
      LIMIT $2 FOR UPDATE OF p SKIP LOCKED)
    RETURNING id, NULL AS storage_key, ctid::text AS place`,
  dcsa_polled_answers: `
    DELETE FROM dcsa_polled_answers WHERE (connection, parameter, number) IN (
      SELECT a.connection, a.parameter, a.number FROM dcsa_polled_answers a
      WHERE a.fetched_at < $1 AND NOT ${STILL_ASKED('a.connection', 'ARRAY[upper(a.number)]')}
      LIMIT $2 FOR UPDATE OF a SKIP LOCKED)
    RETURNING number AS id, NULL AS storage_key`,
};

/** Kinds whose batches go on from where the batch before stopped (`PrunedBatch.resumeAfter`). */
const RESUMED: ReadonlySet<RetainedRecord> = new Set(['dcsa_pushed_events']);
const FROM_THE_START = '(0,0)';

export interface PrunedBatch {
  /** Rows deleted by this batch. */
  deleted: number;
  /** Object-storage keys the deleted rows named (documents): the caller deletes the bytes. */
  storageKeys: string[];
  /** Where the next batch of the same run goes on from (pass it back); null: from the start. */
  resumeAfter: string | null;
}

/** Deletes records past their retention, one small batch per call. */
@Injectable()
export class RetentionRepository {
  constructor(private readonly dataSource: DataSource) {}

  async pruneBatch(record: RetainedRecord, before: Date, limit: number, resumeAfter: string | null = null): Promise<PrunedBatch> {
    const resumed = RESUMED.has(record);
    const rows = await queryRows<{ id: string; storage_key: string | null; place?: string }>(
      this.dataSource,
      BATCH_DELETES[record],
      resumed ? [before, limit, resumeAfter ?? FROM_THE_START] : [before, limit],
    );
    return {
      deleted: rows.length,
      storageKeys: rows.flatMap((row) => (row.storage_key === null ? [] : [row.storage_key])),
      resumeAfter: resumed ? (lastPlace(rows.flatMap((row) => (row.place === undefined ? [] : [row.place]))) ?? resumeAfter) : null,
    };
  }
}

/** The furthest of the row places (`(page,item)`) given, in the table's physical order. */
function lastPlace(places: readonly string[]): string | null {
  let last: { place: string; page: number; item: number } | null = null;
  for (const place of places) {
    const [page, item] = place.slice(1, -1).split(',').map(Number) as [number, number];
    if (last === null || page > last.page || (page === last.page && item > last.item)) last = { place, page, item };
  }
  return last?.place ?? null;
}
