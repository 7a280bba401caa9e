import type { EntityManager, QueryDeepPartialEntity } from 'typeorm';
import { ContainerEntity } from '../entities/container.entity';
import { ShipmentEntity } from '../entities/shipment.entity';
import { CombinedStatement } from './combined-statement';
import type { OutboxEntry } from './outbox.repository';
import { OutboxCommitSubscriber } from './outbox-commit.subscriber';
import { queryRows } from './query-rows';
import type { NewEstimatedEvent, NewEvent, NewRawEvent, NewTransportEvent, StateWrite } from './shipment-state.types';

/** Queue and job that turn each stored event into webhook notifications. */
export interface FanOutJobName {
  queue: string;
  jobName: string;
}

type IdRow = { id: string } & Record<string, unknown>;

/**
 * Columns holding the first value a source published (docs/json-api.md, "first published"):
 * once stored they are never overwritten, decided by the UPDATE itself (COALESCE), so two
 * observations written at once cannot replace the first value with a later one.
 */
export const SET_ONCE_COLUMNS: ReadonlySet<string> = new Set(['pod_original_eta_at', 'pol_original_etd_at', 'destination_original_eta_at']);

/**
 * Writes the decisions of one transaction — any number of accounts' records — set-based: one
 * statement per table and column set, whatever the number of records, containers and events,
 * and the writes that do not read each other's effects share one statement (`CombinedStatement`:
 * records, milestones, events with their fan-out rows, outbox rows and whatever `also` adds),
 * so a transaction about one shipment is a few round trips. Identities are enforced by the
 * database: a transport event or an event whose key is already stored is skipped (ON CONFLICT
 * DO NOTHING), and an event whose transport event was skipped is dropped with it.
 */
export async function writeStates(
  manager: EntityManager,
  writes: readonly StateWrite[],
  fanOut: FanOutJobName,
  also?: (statement: CombinedStatement) => void,
): Promise<string[]> {
  const tail = new CombinedStatement();
  const newShipments = writes.flatMap((w) => (w.shipment?.isNew ? [w.shipment.values] : []));
  if (newShipments.length > 0)
    await manager.insert(
      ShipmentEntity,
      newShipments.map((row) => asColumns<ShipmentEntity>(row)),
    );
  const requestRows = writes.flatMap((w) => (w.trackingRequests ?? []).map((r) => ({ ...r.values, id: r.id })));
  const shipmentRows = writes.flatMap((w) => (w.shipment && !w.shipment.isNew ? [w.shipment.values as IdRow] : []));
  const succeeded = writes.flatMap((w) =>
    (w.trackingRequests ?? [])
      .filter((r) => r.values.status === 'succeeded' && typeof r.values.tracked_object_id === 'string')
      .map((r) => r.id),
  );
  if (succeeded.length > 0) {
    // The lists are appended from the requests as just updated, to the shipments as just updated: in turn.
    await updateRows(manager, 'tracking_requests', requestRows);
    await updateRows(manager, 'shipments', shipmentRows);
    await addRequestListsToShipments(manager, succeeded);
  } else {
    await updateRows(manager, 'tracking_requests', requestRows, tail);
    await updateRows(manager, 'shipments', shipmentRows, tail);
  }
  const newContainers = writes.flatMap((w) => (w.containers ?? []).filter((c) => c.isNew).map((c) => c.values));
  if (newContainers.length > 0)
    await manager.insert(
      ContainerEntity,
      newContainers.map((c) => asColumns<ContainerEntity>(c)),
    );
  // Nothing else in the transaction reads the containers' new values: part of the last statement.
  await updateRows(
    manager,
    'containers',
    writes.flatMap((w) => (w.containers ?? []).filter((c) => !c.isNew).map((c) => c.values as IdRow)),
    tail,
  );
  const invalidated = writes.flatMap((w) => w.invalidatedTransportEventIds ?? []);
  if (invalidated.length > 0) {
    // Before the corrected versions are inserted: the current-milestone index must no longer hold the old ones.
    await manager.query(`UPDATE transport_events SET invalidated_at = now() WHERE id = ANY($1::uuid[]) AND invalidated_at IS NULL`, [
      invalidated,
    ]);
  }
  const transportEvents = writes.flatMap((w) => w.transportEvents ?? []);
  const rawEvents = writes.flatMap((w) => w.rawEvents ?? []);
  const events = writes.flatMap((w) => w.events ?? []);
  if (rawEvents.length > 0) {
    // Source messages link to the transport events stored before them: those go first, on their own.
    const stored = await insertTransportEvents(manager, transportEvents);
    await insertRawEvents(manager, rawEvents);
    addEvents(
      tail,
      events.filter((e) => e.requiresTransportEventId === undefined || stored.has(e.requiresTransportEventId)),
      fanOut,
      null,
    );
  } else {
    if (transportEvents.length > 0)
      tail.add('stored_transport_events', insertTransportEventsSql(tail.parameter(JSON.stringify(transportEvents))));
    addEvents(tail, events, fanOut, transportEvents.length > 0 ? 'stored_transport_events' : null);
  }
  addEstimatedEvents(
    tail,
    writes.flatMap((w) => w.estimatedEvents ?? []),
  );
  addOutbox(
    tail,
    writes.flatMap((w) => w.outbox ?? []),
  );
  also?.(tail);
  if (tail.isEmpty) return [];
  const rows = await tail.run<{ id: string }>(
    manager,
    events.length > 0 ? `SELECT id FROM stored_events ORDER BY created_at` : `SELECT NULL::uuid AS id WHERE false`,
  );
  // Each stored event got its fan-out row; jobs may have been queued too.
  if (rows.length > 0 || writes.some((w) => (w.outbox ?? []).length > 0)) OutboxCommitSubscriber.rowsAdded(manager);
  return rows.map((row) => row.id);
}

/**
 * One UPDATE per distinct column set (in practice one per table), so many records changing at
 * once are not a round trip each. `updated_at` is set by the statement. The ids are also given
 * as an array: the planner knows how many rows a JSON document holds only as a fixed guess
 * (100), and at 10 000 containers it chose a hash join over a scan of the whole table for every
 * refresh; `id = ANY($2)` with the array's real length makes it a primary-key lookup. With
 * `tail`, they are parts of that statement, unless a row would be updated twice in it (its
 * effect is undefined).
 */
async function updateRows(
  manager: EntityManager,
  table: 'tracking_requests' | 'shipments' | 'containers',
  rows: readonly IdRow[],
  tail?: CombinedStatement,
): Promise<void> {
  const groups = new Map<string, IdRow[]>();
  for (const row of rows) {
    // Rows made by one planner list their columns in one order; the same set in another order
    // only makes one more statement, so the key is not sorted (that was most of this loop's cost).
    const key = Object.keys(row).join(',');
    const group = groups.get(key);
    if (group === undefined) groups.set(key, [row]);
    else group.push(row);
  }
  const joinable = tail !== undefined && new Set(rows.map((row) => row.id)).size === rows.length;
  let part = 0;
  for (const group of groups.values()) {
    const columns = Object.keys(group[0] ?? {}).filter((column) => column !== 'id' && column !== 'updated_at');
    if (columns.length === 0) continue;
    const assignments = columns
      .map((column) =>
        SET_ONCE_COLUMNS.has(column) ? `"${column}" = COALESCE(t."${column}", v."${column}")` : `"${column}" = v."${column}"`,
      )
      .join(', ');
    const sql = (document: string, ids: string): string =>
      `UPDATE ${table} t SET ${assignments}, updated_at = now()
       FROM jsonb_populate_recordset(null::${table}, ${document}::jsonb) v
       WHERE t.id = ANY(${ids}::uuid[]) AND t.id = v.id`;
    const ids = group.map((row) => row.id);
    if (joinable) tail.add(`updated_${table}_${part++}`, sql(tail.parameter(JSON.stringify(group)), tail.parameter(ids)));
    else await manager.query(sql('$1', '$2'), [JSON.stringify(group), ids]);
  }
}

/**
 * A request that has just succeeded hands its `ref_numbers` and `tags` to the shipment it found,
 * as the established API does ("added to the shipment when the tracking request completes"):
 * each value the shipment lacks is appended in the request's order, none is removed, so what a
 * client set on the shipment, or another request brought, stays. Decided in the statement, so a
 * PATCH of the shipment at the same moment is not overwritten.
 */
async function addRequestListsToShipments(manager: EntityManager, requestIds: readonly string[]): Promise<void> {
  if (requestIds.length === 0) return;
  await manager.query(
    `UPDATE shipments s SET
       ref_numbers = s.ref_numbers || ARRAY(SELECT x FROM unnest(tr.ref_numbers) WITH ORDINALITY AS u(x, o) WHERE x <> ALL (s.ref_numbers) ORDER BY o),
       tags = s.tags || ARRAY(SELECT x FROM unnest(tr.tags) WITH ORDINALITY AS u(x, o) WHERE x <> ALL (s.tags) ORDER BY o),
       updated_at = now()
     FROM tracking_requests tr
     WHERE tr.id = ANY($1::uuid[]) AND s.id = tr.tracked_object_id AND s.account_id = tr.account_id
       AND (cardinality(tr.ref_numbers) > 0 OR cardinality(tr.tags) > 0)`,
    [requestIds],
  );
}

const insertTransportEventsSql = (
  parameter: string,
): string => `INSERT INTO transport_events (id, account_id, container_id, shipment_id, event, "timestamp", timezone, location_locode, location_id, terminal_id,
                                 vessel_name, vessel_imo, voyage_number, data_source, dedupe_key, leg, invalidated_at, previous_version_id, value)
   SELECT r.id, r.account_id, r.container_id, r.shipment_id, r.event, r."timestamp", r.timezone, r.location_locode, r.location_id, r.terminal_id,
          r.vessel_name, r.vessel_imo, r.voyage_number, r.data_source, r.dedupe_key, r.leg, r.invalidated_at, r.previous_version_id, r.value
   FROM jsonb_populate_recordset(null::transport_events, ${parameter}::jsonb) r
   ON CONFLICT DO NOTHING
   RETURNING id`;

/**
 * Inserts what is new; a transport event whose identity is current already is skipped. Returns
 * the ids stored. One statement from a JSON document: no parameter per value to build and bind.
 */
async function insertTransportEvents(manager: EntityManager, rows: readonly NewTransportEvent[]): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const inserted = await queryRows<{ id: string }>(manager, insertTransportEventsSql('$1'), [JSON.stringify(rows)]);
  return new Set(inserted.map((row) => row.id));
}

function addEstimatedEvents(tail: CombinedStatement, rows: readonly NewEstimatedEvent[]): void {
  if (rows.length === 0) return;
  tail.add(
    'stored_estimated_events',
    `INSERT INTO estimated_events (id, account_id, shipment_id, container_id, event, estimated_timestamp, location_locode, timezone, voyage_number, data_source)
     SELECT r.id, r.account_id, r.shipment_id, r.container_id, r.event, r.estimated_timestamp, r.location_locode, r.timezone, r.voyage_number, r.data_source
     FROM jsonb_populate_recordset(null::estimated_events, ${tail.parameter(JSON.stringify(rows))}::jsonb) r`,
  );
}

/**
 * Source messages as received (`rows`: every report of this answer, stored or not). A report
 * stored already and current is left alone, found through the unique index before the insert:
 * `ON CONFLICT DO UPDATE … WHERE` locks the conflicting row even when it updates nothing (a WAL
 * record each), and a push re-reports its shipment's whole answer, so a batch of 32 pushes locked
 * some 260 unchanged rows and looked up their transport events for nothing (auto_explain, the 200
 * pushes/s runs of 2026-11-29, night); an observation writes under its physical shipment's
 * lease with that shipment's row locked (ObservationRepository), so no other writer withdraws the
 * row between the look and the insert. One that came back after being withdrawn is current again;
 * a report inserted (or made current again) now is linked to the current transport event it
 * mapped to (same container, event, place and time), looked up per report through the
 * container's index as it is written: a separate `UPDATE … FROM transport_events` was planned
 * as a hash join over the whole table while its statistics lagged behind a growing table
 * (the slowest statement of a refresh in the worker's bench). A stored report of an answered
 * container and source that this answer no longer carries was withdrawn or corrected: it gets
 * `invalidated_at`. The stored reports looked at are those of the answered containers, found
 * through the index by an array of their ids (without it, the whole table was scanned on every
 * refresh: 19 000 rows in a bench run, growing with the table); both membership tests are
 * hashed `NOT IN`s (container, source and key are never null here), since an `IN` or `NOT
 * EXISTS` was planned as a nested loop comparing each stored report with every reported one
 * (quadratic: 60–100 ms for a job of 50 shipments, 250 000 comparisons while the table was small).
 */
async function insertRawEvents(manager: EntityManager, rows: readonly NewRawEvent[]): Promise<void> {
  if (rows.length === 0) return;
  // One statement, so the document crosses the socket and is parsed once: the insert and the
  // withdrawal touch disjoint rows (reported keys and unreported ones), so neither needs to see
  // the other's effect.
  await manager.query(
    `WITH reported AS MATERIALIZED (SELECT * FROM jsonb_populate_recordset(null::raw_events, $1::jsonb)),
     stored AS (
       INSERT INTO raw_events (id, account_id, container_id, event, original_event, "timestamp", timezone, estimated, "index", location_locode, location_name,
                               location_id, terminal_id, vessel_name, vessel_imo, voyage_number, data_source, data_provider_code, data_provider_name, dedupe_key,
                               transport_event_id)
       SELECT r.id, r.account_id, r.container_id, r.event, r.original_event, r."timestamp", r.timezone, COALESCE(r.estimated, false), COALESCE(r."index", 0),
              r.location_locode, r.location_name, r.location_id, r.terminal_id, r.vessel_name, r.vessel_imo, r.voyage_number, r.data_source,
              r.data_provider_code, r.data_provider_name, r.dedupe_key,
              CASE WHEN COALESCE(r.estimated, false) THEN NULL ELSE
                (SELECT te.id FROM transport_events te
                 WHERE te.container_id = r.container_id AND te.event = r.event AND te.invalidated_at IS NULL
                   AND te."timestamp" = r."timestamp" AND te.location_locode IS NOT DISTINCT FROM r.location_locode
                 LIMIT 1)
              END
       FROM reported r
       WHERE NOT EXISTS (SELECT 1 FROM raw_events x WHERE x.container_id = r.container_id AND x.dedupe_key = r.dedupe_key AND x.invalidated_at IS NULL)
       ON CONFLICT (container_id, dedupe_key) DO UPDATE SET
         invalidated_at = NULL,
         transport_event_id = COALESCE(
           CASE WHEN raw_events.estimated THEN NULL ELSE
             (SELECT te.id FROM transport_events te
              WHERE te.container_id = raw_events.container_id AND te.event = raw_events.event AND te.invalidated_at IS NULL
                AND te."timestamp" = raw_events."timestamp" AND te.location_locode IS NOT DISTINCT FROM raw_events.location_locode
              LIMIT 1)
           END,
           raw_events.transport_event_id)
       WHERE raw_events.invalidated_at IS NOT NULL
     )
     UPDATE raw_events old SET invalidated_at = now()
     WHERE old.container_id = ANY($2::uuid[]) AND old.invalidated_at IS NULL
       AND NOT ((old.container_id, old.data_source) NOT IN (SELECT container_id, data_source FROM reported))
       AND (old.container_id, old.dedupe_key) NOT IN (SELECT container_id, dedupe_key FROM reported)`,
    [JSON.stringify(rows), [...new Set(rows.map((row) => row.container_id))]],
  );
}

/**
 * Events in emission order: `created_at` is the transaction time plus one microsecond per
 * event stored, and each stored event's fan-out row becomes available at the same instant, so
 * both the events listing and the relay keep that order. An event whose key is stored already
 * is not stored again and gets no fan-out row. With `transportEvents` (the part inserting this
 * write's transport events), an event that requires one of them is kept only if it was stored.
 */
function addEvents(tail: CombinedStatement, events: readonly NewEvent[], fanOut: FanOutJobName, transportEvents: string | null): void {
  if (events.length === 0) return;
  const docs = events.map((event) => {
    const { requiresTransportEventId, ...row } = event;
    return transportEvents === null || requiresTransportEventId === undefined
      ? row
      : { requires_transport_event_id: requiresTransportEventId, ...row };
  });
  const kept =
    transportEvents === null
      ? ''
      : `WHERE NOT (e.doc ? 'requires_transport_event_id') OR (e.doc->>'requires_transport_event_id')::uuid IN (SELECT id FROM ${transportEvents})`;
  tail.add(
    'stored_events',
    `INSERT INTO events (id, account_id, name, reference_object_type, reference_object_id, shipment_id, container_id, tracking_request_id, payload, occurred_at, dedupe_key, created_at)
     SELECT r.id, r.account_id, r.name, r.reference_object_type, r.reference_object_id, r.shipment_id, r.container_id, r.tracking_request_id,
            COALESCE(r.payload, '{}'::jsonb), r.occurred_at, r.dedupe_key, now() + (row_number() OVER (ORDER BY e.ord) * interval '1 microsecond')
     FROM jsonb_array_elements(${tail.parameter(JSON.stringify(docs))}::jsonb) WITH ORDINALITY AS e(doc, ord),
          LATERAL jsonb_populate_record(null::events, e.doc) r
     ${kept}
     ORDER BY e.ord
     ON CONFLICT (dedupe_key) DO NOTHING
     RETURNING id, account_id, created_at`,
  );
  tail.add(
    'queued_fan_out',
    `INSERT INTO outbox (queue, job_name, payload, account_id, available_at)
     SELECT ${tail.parameter(fanOut.queue)}, ${tail.parameter(fanOut.jobName)}, jsonb_build_object('eventId', id), account_id, created_at FROM stored_events`,
  );
}

function addOutbox(tail: CombinedStatement, entries: readonly OutboxEntry[]): void {
  if (entries.length === 0) return;
  tail.add(
    'queued_jobs',
    `INSERT INTO outbox (queue, job_name, payload, account_id, available_at)
     SELECT r.queue, r.job_name, r.payload, r.account_id, COALESCE(r.available_at, now())
     FROM jsonb_to_recordset(${tail.parameter(
       JSON.stringify(
         entries.map((entry) => ({
           queue: entry.queue,
           job_name: entry.jobName,
           payload: entry.payload,
           account_id: entry.accountId ?? null,
           available_at: entry.availableAt?.toISOString() ?? null,
         })),
       ),
     )}::jsonb) AS r(queue text, job_name text, payload jsonb, account_id uuid, available_at timestamptz)`,
  );
}

/**
 * TypeORM's deep-partial type rejects a `Record<string, unknown>` jsonb column; the rows here
 * are plain column values (relations are excluded by their type), so they are passed as such.
 */
function asColumns<T>(row: object): QueryDeepPartialEntity<T> {
  return row;
}
