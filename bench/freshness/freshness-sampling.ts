import type { RefreshCadence, RefreshPhase } from '@quayside/domain';
import type { BenchDatabase } from '../database/bench-database';
import type { DueShipment } from './due-adherence';
import { JITTER_RATIO, SCHEDULER_TICK_MS } from './freshness-scenario';

/** Per carrier: of its active shipments, how many were fresh when sampled. */
export type AdherenceSample = Map<string, { fresh: number; all: number }>;

/** The share of shipments (each carrier's, and all) last answered within their phase's interval with its whole jitter and a tick. */
export async function sampleAdherence(db: BenchDatabase, cadence: RefreshCadence): Promise<AdherenceSample> {
  const limits = Object.fromEntries(
    Object.entries(cadence).map(([phase, seconds]) => [phase, seconds * (1 + JITTER_RATIO) + SCHEDULER_TICK_MS / 1000]),
  );
  const rows = await db.dataSource.query<Array<{ scac: string; fresh: number; all: number }>>(
    `SELECT shipping_line_scac AS scac, count(*)::int AS all,
       count(*) FILTER (WHERE carrier_fetched_at >= now() - ($1::jsonb ->> refresh_phase)::float8 * interval '1 second')::int AS fresh
     FROM carrier_shipments WHERE next_refresh_at IS NOT NULL GROUP BY 1`,
    [JSON.stringify(limits)],
  );
  return new Map(rows.map((row) => [row.scac, { fresh: row.fresh, all: row.all }]));
}

/** The shipments whose refresh comes due between `from` and `until`, as scheduled at `from` (none of them claimed yet). */
export async function comingDue(db: BenchDatabase, from: number, until: number): Promise<Map<string, DueShipment>> {
  const rows = await db.dataSource.query<Array<{ id: string; scac: string; phase: RefreshPhase; fetched: string; due: string }>>(
    `SELECT id, shipping_line_scac AS scac, COALESCE(refresh_phase, 'unknown') AS phase,
       (extract(epoch FROM carrier_fetched_at) * 1000)::text AS fetched, (extract(epoch FROM next_refresh_at) * 1000)::text AS due
     FROM carrier_shipments WHERE next_refresh_at >= $1 AND next_refresh_at < $2 AND carrier_fetched_at IS NOT NULL`,
    [new Date(from), new Date(until)],
  );
  return new Map(
    rows.map((row) => [
      row.id,
      { scac: row.scac, phase: row.phase, previousFetchedAt: Number(row.fetched), dueAt: Number(row.due), refreshedAt: null },
    ]),
  );
}

/** Notes the first answer after the previous one of each due shipment not yet answered (those due by now, or answered early). */
export async function markRefreshed(db: BenchDatabase, due: Map<string, DueShipment>): Promise<void> {
  const waiting = [...due].filter(([, shipment]) => shipment.refreshedAt === null).map(([id]) => id);
  if (waiting.length === 0) return;
  const rows = await db.dataSource.query<Array<{ id: string; fetched: string }>>(
    `SELECT id, (extract(epoch FROM carrier_fetched_at) * 1000)::text AS fetched FROM carrier_shipments WHERE id = ANY($1::uuid[])`,
    [waiting],
  );
  for (const row of rows) {
    const shipment = due.get(row.id);
    const fetched = Number(row.fetched);
    if (shipment && Number.isFinite(fetched) && fetched > shipment.previousFetchedAt) shipment.refreshedAt = fetched;
  }
}
