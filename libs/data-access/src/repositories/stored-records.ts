import { parseTimestamptz } from '../database/timestamptz-parser';
import type { DataSource, EntityManager } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';
import { AccountEntity } from '../entities/account.entity';
import { ContainerEntity } from '../entities/container.entity';
import { ShipmentEntity } from '../entities/shipment.entity';
import { TrackingRequestEntity } from '../entities/tracking-request.entity';
import { TransportEventEntity } from '../entities/transport-event.entity';
import { OPEN_BY_ID } from './outbox.repository';
import { queryRows } from './query-rows';
import type { StoredShipmentState } from './shipment-state.types';

/** Records locked and read for one transaction, with what the decision needs beside them. */
export interface LoadedRecords {
  states: StoredShipmentState[];
  /** Tracking requests linked to the records, oldest first (read under the records' lock; see `PARTS`). */
  linkedRequests: TrackingRequestEntity[];
  /** The records' accounts and the ones asked for, by id. */
  accounts: Map<string, AccountEntity>;
}

/**
 * Accounts' records as the tracker diffs against them, locked for the transaction (the
 * shipments rows, in id order): each with its containers and its current milestones
 * (value-change rows and corrected versions are not part of the "previous" side), the tracking
 * requests linked to them and their accounts plus `accountIds`.
 * Two statements whatever the number of records: the lock, then everything else. The reads
 * wait for the lock's statement, so they see what the lock's previous holder committed. In the
 * order of `shipmentIds`, missing ones left out.
 */
export async function loadRecords(
  manager: EntityManager,
  shipmentIds: readonly string[],
  accountIds: readonly string[] = [],
): Promise<LoadedRecords> {
  const shipments = shipmentIds.length === 0 ? [] : await readShipments(manager, statementsOf(manager.connection).lockById, [shipmentIds]);
  return inOrderOf(shipmentIds, await loadLocked(manager, shipments, accountIds));
}

/**
 * `loadRecords` for a job about these records alone: its outbox row is completed by the
 * statement that locks them (the row first, as a job's transaction always takes them), one
 * round trip fewer. Null when the row was completed already: a replay, which locks nothing.
 */
export async function completeJobAndLoadRecords(
  manager: EntityManager,
  outboxId: string,
  shipmentIds: readonly string[],
  accountIds: readonly string[] = [],
): Promise<LoadedRecords | null> {
  const statements = statementsOf(manager.connection);
  const rows = await queryRows<Record<string, unknown> & { job_completed: number }>(manager, statements.completeJobAndLockById, [
    outboxId,
    shipmentIds,
  ]);
  if (rows[0]?.job_completed !== 1) return null;
  const shipments = rows.flatMap((row) => (row['id'] === null ? [] : [statements.readShipment(row) as ShipmentEntity]));
  return inOrderOf(shipmentIds, await loadLocked(manager, shipments, accountIds));
}

function inOrderOf(shipmentIds: readonly string[], loaded: LoadedRecords): LoadedRecords {
  const byId = new Map(loaded.states.map((state) => [state.shipment.id, state]));
  return { ...loaded, states: shipmentIds.flatMap((id) => byId.get(id) ?? []) };
}

/**
 * Every account's record of these physical shipments, locked and loaded as `loadRecords` does
 * (the lock and the lookup are one statement), in the order the records were created.
 */
export async function loadRecordsOf(
  manager: EntityManager,
  carrierShipmentIds: readonly string[],
  accountIds: readonly string[] = [],
): Promise<LoadedRecords> {
  const shipments =
    carrierShipmentIds.length === 0
      ? []
      : await readShipments(manager, statementsOf(manager.connection).lockByCarrierShipment, [carrierShipmentIds]);
  return byCreation(await loadLocked(manager, shipments, accountIds));
}

function byCreation(loaded: LoadedRecords): LoadedRecords {
  const states = loaded.states.sort(
    (a, b) =>
      a.shipment.created_at.getTime() - b.shipment.created_at.getTime() ||
      (a.shipment.id < b.shipment.id ? -1 : a.shipment.id > b.shipment.id ? 1 : 0),
  );
  return { ...loaded, states };
}

// Written into the SQL as literals, so the planner matches idx_tracking_requests_open_number (same predicate).
export const OPEN_REQUEST_STATUSES: readonly string[] = ['pending', 'awaiting_manifest'];

/** An open request for one of a physical shipment's numbers, which joins it. */
export interface JoiningRequest {
  request: TrackingRequestEntity;
  /** The physical shipment it joins. */
  joins: string;
}

/**
 * The open requests for the numbers of `joinIds` (oldest first), then every account's record of
 * `carrierShipmentIds` (in id order), locked in that order by one statement, as every tracker
 * transaction locks them. Records are created only under their physical shipment's lock, which
 * the caller holds, so the lookup misses none. With `outboxId`, the statement first completes
 * the job's outbox row: null when it was completed already (a replay, which locks nothing).
 */
export async function lockJoiningAndRecordsOf(
  manager: EntityManager,
  joinIds: readonly string[],
  carrierShipmentIds: readonly string[],
  outboxId: string | null = null,
): Promise<{ joining: JoiningRequest[]; shipments: ShipmentEntity[] } | null> {
  const statements = statementsOf(manager.connection);
  const [row] = await queryRows<{
    job_completed: number;
    joining: Array<Record<string, unknown>>;
    shipments: Array<Record<string, unknown>>;
  }>(
    manager,
    outboxId === null ? statements.lockJoiningAndRecordsOf : statements.completeJobLockJoiningAndRecordsOf,
    outboxId === null ? [joinIds, carrierShipmentIds] : [joinIds, carrierShipmentIds, outboxId],
  );
  if (row?.job_completed !== 1) return null;
  const readRequest = statements.readers[2]!;
  return {
    joining: row.joining.map((value) => ({ request: readRequest(value) as TrackingRequestEntity, joins: String(value['joins']) })),
    shipments: row.shipments.map((value) => statements.readShipment(value) as ShipmentEntity),
  };
}

/** `loadRecordsOf` for records locked already (`lockJoiningAndRecordsOf`). */
export async function loadLockedRecordsOf(
  manager: EntityManager,
  shipments: readonly ShipmentEntity[],
  accountIds: readonly string[],
): Promise<LoadedRecords> {
  return byCreation(await loadLocked(manager, shipments, accountIds));
}

/** Everything beside records locked already, read by one statement that waited for their lock. */
async function loadLocked(
  manager: EntityManager,
  shipments: readonly ShipmentEntity[],
  accountIds: readonly string[],
): Promise<LoadedRecords> {
  const states = shipments.map((shipment): StoredShipmentState => ({ shipment, containers: [], transportEvents: [] }));
  const wanted = [...new Set([...shipments.map((s) => s.account_id), ...accountIds])];
  if (shipments.length === 0 && wanted.length === 0) return { states, linkedRequests: [], accounts: new Map() };
  const statements = statementsOf(manager.connection);
  const [row] = await queryRows<Record<string, Array<Record<string, unknown>>>>(manager, statements.load, [
    shipments.map((s) => s.id),
    wanted,
  ]);
  const read = <T extends object>(part: number): T[] => (row?.[String(part)] ?? []).map((value) => statements.readers[part]!(value) as T);
  const [containers, transportEvents, linkedRequests, accounts] = [
    read<ContainerEntity>(0),
    read<TransportEventEntity>(1),
    read<TrackingRequestEntity>(2),
    read<AccountEntity>(3),
  ];
  const byId = new Map(states.map((state) => [state.shipment.id, state]));
  for (const container of containers) if (container.shipment_id !== null) byId.get(container.shipment_id)?.containers.push(container);
  for (const event of transportEvents) if (event.shipment_id !== null) byId.get(event.shipment_id)?.transportEvents.push(event);
  return { states, linkedRequests, accounts: new Map(accounts.map((account) => [account.id, account])) };
}

type EntityClass =
  typeof ContainerEntity | typeof TransportEventEntity | typeof TrackingRequestEntity | typeof AccountEntity | typeof ShipmentEntity;

/**
 * What the statement after the lock reads, one JSON list per part, in order: `$1` the locked
 * records' ids, `$2` the accounts' ids. Nothing here is locked. The requests linked to a record
 * change status only in a transaction that holds the record's lock (the tracker's decisions:
 * joined, stopped, resumed; the api changes only their reference numbers, tags and customer),
 * so under that lock they are read as they stay until commit. Locking them wrote a row lock
 * into each one: a page changed per shipment and refresh, a full-page image in the WAL after
 * every checkpoint (8 KB a shipment at a million containers, bench/README.md).
 */
const PARTS: ReadonlyArray<{ entity: EntityClass; from: string; order: string }> = [
  { entity: ContainerEntity, from: `containers x WHERE x.shipment_id = ANY($1::uuid[])`, order: 'x.number' },
  {
    entity: TransportEventEntity,
    from: `transport_events x WHERE x.shipment_id = ANY($1::uuid[]) AND x.leg IS NOT NULL AND x.invalidated_at IS NULL`,
    order: 'x."timestamp" ASC NULLS LAST, x.created_at ASC',
  },
  {
    entity: TrackingRequestEntity,
    from: `tracking_requests x WHERE x.tracked_object_id = ANY($1::uuid[])`,
    order: 'x.created_at, x.id',
  },
  { entity: AccountEntity, from: `accounts x WHERE x.id = ANY($2::uuid[])`, order: 'x.id' },
];

interface Statements {
  lockById: string;
  lockByCarrierShipment: string;
  /** `$1` the job's outbox row, `$2` the records: `job_completed` 0 (and no record) when it was completed already. */
  completeJobAndLockById: string;
  /** `$1` the physical shipments whose open requests join, `$2` those whose records are locked: two JSON lists. */
  lockJoiningAndRecordsOf: string;
  /** The same, completing the job's outbox row (`$3`) first: `job_completed` 0, and nothing locked, when it was completed already. */
  completeJobLockJoiningAndRecordsOf: string;
  readShipment: (row: Record<string, unknown>) => object;
  /** Every part as a JSON list of one row: one round trip brings them all, and the statement stays small to plan. */
  load: string;
  /** Per part: a JSON row → an entity whose values are what pg gives for the column (see `readerOf`). */
  readers: Array<(row: Record<string, unknown>) => object>;
}

const built = new WeakMap<DataSource, Statements>();

/** The SQL texts, built once per connection from the entities' metadata. */
function statementsOf(connection: DataSource): Statements {
  const cached = built.get(connection);
  if (cached !== undefined) return cached;
  const columns = (entity: EntityClass): ColumnMetadata[] => connection.getMetadata(entity).columns.filter((column) => column.isSelect);
  // Whole rows: a short text to parse (the readers keep the entity's columns).
  const lists = PARTS.map((part) => `(SELECT COALESCE(json_agg(x ORDER BY ${part.order}), '[]') FROM ${part.from})`);
  const lock = (key: string): string => `SELECT s.* FROM shipments s WHERE ${key} = ANY($1::uuid[]) ORDER BY s.id FOR UPDATE`;
  const statements: Statements = {
    lockById: lock('s.id'),
    lockByCarrierShipment: lock('s.carrier_shipment_id'),
    completeJobAndLockById: `WITH completed AS (UPDATE outbox SET completed_at = now() WHERE id = $1 AND ${OPEN_BY_ID} RETURNING id)
      SELECT c.job_completed, s.* FROM (SELECT count(*)::int AS job_completed FROM completed) c
      LEFT JOIN LATERAL (SELECT * FROM shipments s WHERE s.id = ANY($2::uuid[]) AND c.job_completed > 0 ORDER BY s.id FOR UPDATE) s ON true`,
    lockJoiningAndRecordsOf: lockJoiningAndRecords(false),
    completeJobLockJoiningAndRecordsOf: lockJoiningAndRecords(true),
    readShipment: readerOf(ShipmentEntity, columns(ShipmentEntity)),
    load: `SELECT ${lists.map((list, index) => `${list} AS "${index}"`).join(',\n       ')}`,
    readers: PARTS.map((part) => readerOf(part.entity, columns(part.entity))),
  };
  built.set(connection, statements);
  return statements;
}

/**
 * The open requests for the numbers of `$1`, then the records of `$2`, locked in that order:
 * the records' part reads the requests' CTE (a one-time filter), so it runs after it. With
 * `completing`, the job's outbox row `$3` is completed first, by a CTE the requests' part reads,
 * and nothing is locked when it was completed already.
 */
function lockJoiningAndRecords(completing: boolean): string {
  const completed = completing
    ? `completed AS (UPDATE outbox SET completed_at = now() WHERE id = $3 AND ${OPEN_BY_ID} RETURNING id),\n`
    : '';
  const afterCompletion = completing ? `(SELECT count(*) FROM completed) > 0 AND ` : '';
  return `WITH ${completed}joining AS MATERIALIZED (
      SELECT tr.*, tn.carrier_shipment_id AS joins
      FROM tracking_requests tr JOIN tracked_numbers tn ON tn.shipping_line_scac = tr.scac AND tn.number = tr.request_number
      WHERE ${afterCompletion}tn.carrier_shipment_id = ANY($1::uuid[]) AND tr.status IN (${OPEN_REQUEST_STATUSES.map((status) => `'${status}'`).join(', ')})
      ORDER BY tr.created_at, tr.id
      FOR UPDATE OF tr
    )
    SELECT ${completing ? '(SELECT count(*)::int FROM completed)' : '1'} AS job_completed,
           (SELECT COALESCE(json_agg(j ORDER BY j.created_at, j.id), '[]') FROM joining j) AS joining,
           (SELECT COALESCE(json_agg(s ORDER BY s.id), '[]') FROM (
              SELECT s.* FROM shipments s
              WHERE ${afterCompletion}(SELECT count(*) FROM joining) >= 0 AND s.carrier_shipment_id = ANY($2::uuid[])
              ORDER BY s.id FOR UPDATE
            ) s) AS shipments`;
}

/**
 * Reads a row (JSON, or as pg gives it) as an entity of the table's columns that the entity
 * maps, with the values pg would give: JSON carries every value of these types as pg parses it,
 * except instants, parsed here as a column's are (`parseTimestamptz`; JSON writes them with a `T` and `+00:00`). A column of another type stops the process here, so nothing is read
 * with a different value than its own query would give.
 */
function readerOf(entity: EntityClass, columns: readonly ColumnMetadata[]): (row: Record<string, unknown>) => object {
  const instants: string[] = [];
  for (const column of columns) {
    const type = String(column.type);
    if (type === 'timestamptz' && !column.isArray) instants.push(column.databaseName);
    else if (!JSON_AS_PG.has(type)) throw new Error(`stored-records: no JSON reading for ${entity.name}.${column.databaseName} (${type})`);
  }
  const names = columns.map((column) => column.databaseName);
  return (row) => {
    // Made by its constructor, which defines every field (ES2022 class fields), so the columns
    // below overwrite existing properties: an object from Object.create given 50-odd properties
    // by computed name becomes a hash table in V8 (3.2 KB for a container instead of 0.5 KB), slower to read in
    // every later step of the refresh. The entities have no constructor logic or initializers.
    const record = new entity() as unknown as Record<string, unknown>;
    for (const name of names) record[name] = row[name];
    for (const name of instants) {
      const value = record[name];
      if (typeof value === 'string') record[name] = parseTimestamptz(value);
    }
    return record;
  };
}

/** Types whose JSON value is what pg parses them to (numbers that fit a double, text, booleans, jsonb, arrays of text). */
const JSON_AS_PG: ReadonlySet<string> = new Set(['uuid', 'text', 'boolean', 'integer', 'double precision', 'jsonb']);

/** Shipments rows as entities of their own columns. */
async function readShipments(manager: EntityManager, sql: string, parameters: unknown[]): Promise<ShipmentEntity[]> {
  const rows = await queryRows<Record<string, unknown>>(manager, sql, parameters);
  const read = statementsOf(manager.connection).readShipment;
  return rows.map((row) => read(row) as ShipmentEntity);
}
