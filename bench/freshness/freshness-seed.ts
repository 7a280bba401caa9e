import type { RefreshCadence } from '@quayside/domain';
import type { BenchDatabase } from '../database/bench-database';
import { bulkLoad } from '../database/bulk-load';
import { carrierShipmentId } from '../database/bench-ids';
import { checkpoint, createBenchAccount, growContainers } from '../database/seed-containers';
import type { BenchAccount } from '../database/seed-containers';
import { phaseDraw } from './freshness-cadence';
import type { PhaseMix } from './freshness-cadence';
import { events30, seededEstimate } from './freshness-dcsa30';

const SEEDED_TABLES = [
  'carrier_shipments',
  'tracked_numbers',
  'shipments',
  'tracking_requests',
  'containers',
  'transport_events',
  'raw_events',
];
/** Batches seeded at once: one per core of the machine the bench was written on. */
const PARALLEL_BATCHES = 2;
/** Kept answers written per statement (some 4 KB each). */
const KEPT_ANSWERS_PER_INSERT = 2000;

export interface FreshnessSeed {
  shipments: number;
  base: Date;
  /** The carriers, shipment `j` on the `j mod n`-th, as the carrier servers answer them. */
  scacs: readonly string[];
  /** The carriers publishing DCSA 3.0, whose last `GET /events` answer the tracker keeps (docs/dcsa.md, "Carriers that push"). */
  dcsa30Scacs: readonly string[];
  /** The arrival estimate every shipment and container holds: the one the carriers answer at first. */
  etaAt: Date;
  mix: PhaseMix;
  cadence: RefreshCadence;
  jitterRatio: number;
  /** How long after a shipment's next refresh (with its whole jitter) its data counts as stale. */
  graceSeconds: number;
}

/**
 * The scenario's active shipments in one set-based pass (bench/database/seed-containers.ts, two
 * containers and their history each), with their indexes built once at the end (bulk-load.ts),
 * each shipment on its carrier and with the estimate the carriers answer from the start. Each
 * gets a phase drawn from the mix and the schedule a tracker would have written: its jittered
 * interval drawn (the phase's ± jitter), last answered somewhere within it and next refreshed at
 * its end, so every refresh is ahead and they come due at the steady rate from the first second
 * (drawn as "last answer within the interval, next one interval ± jitter after it", 5 % of them
 * were due at once: a backlog of 50,000 at a million). A shipment of a DCSA 3.0 carrier also gets
 * the answer its last poll kept (keepAnswers), as a tracker that polled it would hold.
 */
export async function seedFreshness(db: BenchDatabase, seed: FreshnessSeed, progress: (shipments: number) => void): Promise<BenchAccount> {
  const account = await createBenchAccount(db.dataSource);
  const draw = phaseDraw(seed.mix, seed.cadence);
  await bulkLoad(db.dataSource, SEEDED_TABLES, async () => {
    await growContainers(
      db.dataSource,
      { accountId: account.accountId, base: seed.base, lines: seed.scacs, podEtaAt: seed.etaAt, parallel: PARALLEL_BATCHES },
      0,
      seed.shipments * 2,
      (done) => progress(done / 2),
    );
    await db.dataSource.query(
      `WITH s AS (SELECT id, width_bucket(random(), $2::float8[]) AS k, random() AS r, random() AS q FROM carrier_shipments),
            p AS (SELECT id, ($1::text[])[k] AS phase, ($3::float8[])[k] * interval '1 second' AS every,
                         ($3::float8[])[k] * (1 + (q * 2 - 1) * $4::float8) * interval '1 second' AS jittered, r FROM s)
       UPDATE carrier_shipments c SET refresh_phase = p.phase,
         carrier_fetched_at = now() - p.r * p.jittered,
         next_refresh_at = now() + (1 - p.r) * p.jittered,
         fresh_until = now() - p.r * p.jittered + (1 + $4::float8) * p.every + $5::float8 * interval '1 second'
       FROM p WHERE c.id = p.id`,
      [draw.phases, draw.lowerBounds, draw.intervals, seed.jitterRatio, seed.graceSeconds],
    );
  });
  await keepAnswers(db, seed);
  // The rebuilt expression indexes (trigram search) get their statistics; the schedule's update leaves dead rows.
  await db.dataSource.query('VACUUM (ANALYZE) carrier_shipments');
  await db.dataSource.query('ANALYZE shipments, containers, tracking_requests');
  await checkpoint(db.dataSource);
  return account;
}

/**
 * The carrier's answer each shipment of a DCSA 3.0 carrier was last polled with, kept as the
 * adapter keeps it (DcsaPolledAnswerRepository: by SCAC, query parameter and number, fetched when
 * the shipment was last answered). Without it every push found no kept answer and asked the carrier
 * (200–800 ms and a request of its quota), which a deployment that polled its shipments since they
 * were tracked never does.
 */
async function keepAnswers(db: BenchDatabase, seed: FreshnessSeed): Promise<void> {
  const anchors = { seedBase: seed.base.getTime(), etaAnchor: seed.etaAt.getTime() };
  const estimate = seededEstimate(anchors);
  const stride = seed.scacs.length;
  for (const scac of seed.dcsa30Scacs) {
    for (let first = seed.scacs.indexOf(scac); first >= 0 && first < seed.shipments; first += KEPT_ANSWERS_PER_INSERT * stride) {
      const ordinals: number[] = [];
      for (let ordinal = first; ordinal < seed.shipments && ordinals.length < KEPT_ANSWERS_PER_INSERT; ordinal += stride)
        ordinals.push(ordinal);
      // transportDocumentReference: DCSA 3.0's query parameter for a bill of lading, which the adapter keeps answers by.
      await db.dataSource.query(
        `INSERT INTO dcsa_polled_answers (connection, parameter, number, events, fetched_at)
         SELECT c.shipping_line_scac, 'transportDocumentReference', c.query_number, u.events::json, c.carrier_fetched_at
         FROM unnest($1::uuid[], $2::text[]) AS u(id, events) JOIN carrier_shipments c ON c.id = u.id`,
        [ordinals.map(carrierShipmentId), ordinals.map((ordinal) => JSON.stringify(events30(ordinal, estimate, anchors)))],
      );
    }
  }
}
