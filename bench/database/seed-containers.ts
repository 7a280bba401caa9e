import { AccountRepository, inFixtureTransaction } from '@quayside/data-access';
import type { DatabaseConnection } from '@quayside/data-access';
import { CONTAINERS_PER_SHIPMENT, TRANSPORT_EVENTS_PER_CONTAINER } from './bench-ids';

const BATCH = 100_000;

export interface SeedShape {
  accountId: string;
  base: Date;
  /** The lines shipments are spread over, shipment `j` on the `j mod n`-th (MSCU alone unless told). */
  lines?: readonly string[];
  /** One arrival estimate for every shipment and container (20 days after each one's creation unless told). */
  podEtaAt?: Date;
  /** Batches seeded at once, each on a connection of its own (1 unless told). */
  parallel?: number;
}

export interface BenchAccount {
  accountId: string;
  key: string;
}

export async function createBenchAccount(dataSource: DatabaseConnection): Promise<BenchAccount> {
  const provisioned = await new AccountRepository(dataSource).createWithFirstKey(
    { company_name: 'Bench Freight', plan: 'paid', trial_ends_at: null, features: [] },
    'bench key',
  );
  return { accountId: provisioned.account.id, key: provisioned.key };
}

/** Shipment `j`'s line: the `j mod n`-th of the seed's lines (one line, MSCU, unless told). */
const scacOf = (lines: string): string => `(${lines}::text[])[1 + j % cardinality(${lines}::text[])]`;
/** The arrival estimate: the one given to every shipment, or 20 days after its creation. */
const podEtaOf = (eta: string): string => `COALESCE(${eta}::timestamptz, t + interval '20 days')`;

// The physical shipment each account's shipment follows (one timeline per bill of lading), and
// the number it is known by: what the tracker claims and refreshes.
const CARRIER_SHIPMENTS_SQL = `
INSERT INTO carrier_shipments (id, shipping_line_scac, normalized_number, query_type, query_number, tracking_since, created_at, updated_at)
SELECT md5('bench:carrier-shipment:' || j)::uuid, ${scacOf('$4')}, 'BNCH' || lpad(j::text, 10, '0'), 'bill_of_lading', 'BNCH' || lpad(j::text, 10, '0'), t, t, t
FROM generate_series($1::int, $2::int - 1) AS j, LATERAL (SELECT $3::timestamptz + j * interval '2 seconds' AS t) AS at`;

const TRACKED_NUMBERS_SQL = `
INSERT INTO tracked_numbers (shipping_line_scac, number, tracking_since, carrier_shipment_id, created_at)
SELECT ${scacOf('$4')}, 'BNCH' || lpad(j::text, 10, '0'), t, md5('bench:carrier-shipment:' || j)::uuid, t
FROM generate_series($1::int, $2::int - 1) AS j, LATERAL (SELECT $3::timestamptz + j * interval '2 seconds' AS t) AS at`;

const SHIPMENTS_SQL = `
INSERT INTO shipments (id, carrier_shipment_id, account_id, bill_of_lading_number, normalized_number, shipping_line_scac, shipping_line_name, shipping_line_short_name,
  port_of_lading_locode, port_of_lading_name, port_of_discharge_locode, port_of_discharge_name, pod_vessel_name, pod_voyage_number,
  pol_atd_at, pod_eta_at, pol_timezone, pod_timezone, line_tracking_last_attempted_at, line_tracking_last_succeeded_at, created_at, updated_at)
SELECT md5('bench:shipment:' || j)::uuid, md5('bench:carrier-shipment:' || j)::uuid, $1, 'BNCH' || lpad(j::text, 10, '0'), 'BNCH' || lpad(j::text, 10, '0'),
  ${scacOf('$5')}, 'Mediterranean Shipping Company', 'MSC',
  'CNSHA', 'Shanghai', 'USLAX', 'Los Angeles', 'BENCH EXPRESS', '001E',
  t - interval '10 days', ${podEtaOf('$6')}, 'Asia/Shanghai', 'America/Los_Angeles', t, t, t, t
FROM generate_series($2::int, $3::int - 1) AS j, LATERAL (SELECT $4::timestamptz + j * interval '2 seconds' AS t) AS at`;

const TRACKING_REQUESTS_SQL = `
INSERT INTO tracking_requests (id, account_id, request_number, request_type, scac, status, tracked_object_id, created_at, updated_at)
SELECT md5('bench:tracking-request:' || j)::uuid, $1, 'BNCH' || lpad(j::text, 10, '0'), 'bill_of_lading', ${scacOf('$5')}, 'succeeded',
  md5('bench:shipment:' || j)::uuid, t, t
FROM generate_series($2::int, $3::int - 1) AS j, LATERAL (SELECT $4::timestamptz + j * interval '2 seconds' AS t) AS at`;

const CONTAINERS_SQL = `
INSERT INTO containers (id, account_id, shipment_id, number, equipment_type, equipment_length, equipment_height, weight_in_lbs, seal_number,
  current_status, pod_eta_at, pod_timezone, created_at, updated_at)
SELECT md5('bench:container:' || i)::uuid, $1, md5('bench:shipment:' || (i / ${CONTAINERS_PER_SHIPMENT}))::uuid, 'BNCU' || lpad(i::text, 7, '0'),
  'dry', 40, 'high_cube', 20000 + (i % 1000), 'SL' || i, 'on_ship', ${podEtaOf('$5')}, 'America/Los_Angeles', t, t
FROM generate_series($2::int, $3::int - 1) AS i, LATERAL (SELECT $4::timestamptz + i * interval '1 second' AS t) AS at`;

const TRANSPORT_EVENTS_SQL = `
INSERT INTO transport_events (id, account_id, container_id, shipment_id, event, timestamp, timezone, location_locode, vessel_name, voyage_number,
  data_source, leg, dedupe_key, created_at)
SELECT md5('bench:transport-event:' || i || ':' || k)::uuid, $1, md5('bench:container:' || i)::uuid, md5('bench:shipment:' || (i / ${CONTAINERS_PER_SHIPMENT}))::uuid,
  e.name, e.at, 'Asia/Shanghai', 'CNSHA', CASE WHEN k = 2 THEN 'BENCH EXPRESS' END, CASE WHEN k = 2 THEN '001E' END,
  'shipping_line', 0, e.name || '|CNSHA|0', t + k * interval '1 millisecond'
FROM generate_series($2::int, $3::int - 1) AS i,
  LATERAL (SELECT $4::timestamptz + i * interval '1 second' AS t) AS at,
  generate_series(0, ${TRANSPORT_EVENTS_PER_CONTAINER - 1}) AS k,
  LATERAL (SELECT (ARRAY['container.transport.empty_out', 'container.transport.full_in', 'container.transport.vessel_loaded'])[k + 1] AS name,
                  t - (10 - k) * interval '1 day' AS at) AS e`;

/**
 * The carrier's reports behind the seeded milestones, as the tracker stored them when it first
 * saw them (apps/tracker-worker/src/tracking-state/raw-event-rows.ts): wording, event, place,
 * time and voyage, keyed by the SHA-256 of that identity as JSON. A tracked shipment has them; a
 * refresh then stores only the reports that are new, as it does for a live account.
 */
const RAW_EVENTS_SQL = `
INSERT INTO raw_events (id, account_id, container_id, event, original_event, "timestamp", timezone, estimated, "index", location_locode, location_id,
  vessel_name, vessel_imo, voyage_number, data_source, data_provider_code, data_provider_name, transport_event_id, dedupe_key, created_at)
SELECT md5('bench:raw-event:' || i || ':' || k)::uuid, $1, md5('bench:container:' || i)::uuid, e.name, e.original, e.at, 'Asia/Shanghai', false, k, 'CNSHA',
  (SELECT id FROM ports WHERE code = 'CNSHA'), e.vessel_name, e.vessel_imo, e.voyage, 'shipping_line', 'MSCU', 'Mediterranean Shipping Company',
  md5('bench:transport-event:' || i || ':' || k)::uuid,
  encode(sha256(convert_to('["shipping_line","' || e.original || '","' || e.name || '","CNSHA","'
    || to_char(e.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '","actual","' || COALESCE(e.voyage, '') || '"]', 'UTF8')), 'hex'),
  t + k * interval '1 millisecond'
FROM generate_series($2::int, $3::int - 1) AS i,
  LATERAL (SELECT $4::timestamptz + i * interval '1 second' AS t) AS at,
  generate_series(0, ${TRANSPORT_EVENTS_PER_CONTAINER - 1}) AS k,
  LATERAL (SELECT (ARRAY['container.transport.empty_out', 'container.transport.full_in', 'container.transport.vessel_loaded'])[k + 1] AS name,
                  (ARRAY['EQUIPMENT GTOT ACT EMPTY', 'EQUIPMENT GTIN ACT LADEN', 'EQUIPMENT LOAD ACT LADEN'])[k + 1] AS original,
                  CASE WHEN k = 2 THEN 'BENCH EXPRESS' END AS vessel_name, CASE WHEN k = 2 THEN '9000001' END AS vessel_imo,
                  CASE WHEN k = 2 THEN '001E' END AS voyage,
                  t - (10 - k) * interval '1 day' AS at) AS e`;

/** Postgres' SQLSTATE for a statement the role may not run. */
const INSUFFICIENT_PRIVILEGE = '42501';

/**
 * Grows the account's data from `from` to `to` containers with set-based inserts (a few
 * statements per hundred thousand containers, `parallel` batches at once on as many connections),
 * then refreshes the planner statistics and the
 * visibility map as autovacuum would on a live database, and writes the seed's pages out with a
 * checkpoint: otherwise the checkpointer flushes gigabytes of them (a million containers) while
 * the first rows after the seed are measured, and a size is priced with its seeding's aftermath.
 */
export async function growContainers(
  dataSource: DatabaseConnection,
  seed: SeedShape,
  from: number,
  to: number,
  progress: (done: number) => void,
): Promise<void> {
  const { accountId, base } = seed;
  const lines = seed.lines ?? ['MSCU'];
  const podEtaAt = seed.podEtaAt ?? null;
  const starts: number[] = [];
  for (let start = from; start < to; start += BATCH) starts.push(start);
  let done = from;
  const batch = async (start: number): Promise<void> => {
    const end = Math.min(to, start + BATCH);
    const firstShipment = Math.ceil(start / CONTAINERS_PER_SHIPMENT);
    const endShipment = Math.ceil(end / CONTAINERS_PER_SHIPMENT);
    await inFixtureTransaction(dataSource, async (manager) => {
      await manager.query(CARRIER_SHIPMENTS_SQL, [firstShipment, endShipment, base, lines]);
      await manager.query(TRACKED_NUMBERS_SQL, [firstShipment, endShipment, base, lines]);
      await manager.query(SHIPMENTS_SQL, [accountId, firstShipment, endShipment, base, lines, podEtaAt]);
      await manager.query(TRACKING_REQUESTS_SQL, [accountId, firstShipment, endShipment, base, lines]);
      await manager.query(CONTAINERS_SQL, [accountId, start, end, base, podEtaAt]);
      await manager.query(TRANSPORT_EVENTS_SQL, [accountId, start, end, base]);
      await manager.query(RAW_EVENTS_SQL, [accountId, start, end, base]);
    });
    done += end - start;
    progress(done);
  };
  // Each of `parallel` loops takes the next batch until none is left.
  await Promise.all(
    Array.from({ length: Math.max(1, seed.parallel ?? 1) }, async () => {
      for (let start = starts.shift(); start !== undefined; start = starts.shift()) await batch(start);
    }),
  );
  await dataSource.query(
    'VACUUM (ANALYZE) carrier_shipments, tracked_numbers, shipments, tracking_requests, containers, transport_events, raw_events, api_keys, accounts',
  );
  await checkpoint(dataSource);
}

/** Writes the seed's pages out now rather than while the next rows are measured. */
export async function checkpoint(dataSource: DatabaseConnection): Promise<void> {
  // A role without the privilege (pg_checkpoint) measures as before; any other failure is one.
  await dataSource.query('CHECKPOINT').catch((error: unknown) => {
    if ((error as { code?: string }).code !== INSUFFICIENT_PRIVILEGE) throw error;
  });
}
