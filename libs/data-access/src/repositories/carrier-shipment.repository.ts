import { Injectable } from '@nestjs/common';
import { REFRESH_PHASES } from '@quayside/domain';
import type { RefreshPhase } from '@quayside/domain';
import { DataSource } from 'typeorm';
import { CarrierShipmentEntity } from '../entities/carrier-shipment.entity';
import { releaseLease, releaseLeases } from './observation-lease';
import { OutboxCommitSubscriber } from './outbox-commit.subscriber';
import { OutboxRepository } from './outbox.repository';
import type { OutboxEntry } from './outbox.repository';
import { queryRows } from './query-rows';
import type { ObservationLease } from './shipment-state.types';

/** A physical shipment whose scheduled refresh is due. */
export interface DueCarrierShipment {
  id: string;
  shipping_line_scac: string;
  /** The cadence phase its last answer put it in; null before the first. */
  refresh_phase: RefreshPhase | null;
}

/** How the scheduler picks among due shipments when it cannot take them all. */
export interface DueSelection {
  /** Cadence phases most urgent first (a shipment with none ranks as `unknown`). */
  urgency: readonly RefreshPhase[];
  /** Shipments of a carrier claimed per tick at most (its quota), by SCAC; a carrier not named has no cap. */
  perCarrier: ReadonlyMap<string, number>;
}

/** The answer to "may I ask the carrier about this number now?" before the carrier has named its shipment. */
export type NumberClaim =
  | { kind: 'leased'; lease: Extract<ObservationLease, { kind: 'tracked_number' }>; trackingSince: Date }
  /** The number belongs to a known physical shipment: refresh that instead. */
  | { kind: 'linked'; carrierShipmentId: string }
  | { kind: 'busy'; until: Date; heldBy: string | null };

export type CarrierShipmentClaim =
  | {
      kind: 'leased';
      lease: Extract<ObservationLease, { kind: 'carrier_shipment' }>;
      carrierShipment: CarrierShipmentEntity;
      /** Accounts whose record of it is not stopped. */
      activeFollowers: number;
    }
  /** `heldBy`: the job holding the lease (a second delivery of it must not give way to itself). */
  | { kind: 'busy'; until: Date; heldBy: string | null }
  | { kind: 'missing' };

const lease = (ttlMs: number): string => `now() + make_interval(secs => ${Math.max(0, ttlMs) / 1000})`;

/**
 * Physical shipments and tracked numbers: who may refresh them now (a lease with a sequence
 * from `observation_seq`, so observations are ordered across processes), their shared clock,
 * their one schedule. Leases expire: a worker that dies holding one delays the next refresh by
 * at most the lease, and the order check of `ObservationRepository` keeps a late one harmless.
 */
@Injectable()
export class CarrierShipmentRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxRepository,
  ) {}

  async find(id: string): Promise<CarrierShipmentEntity | null> {
    return this.dataSource.getRepository(CarrierShipmentEntity).findOneBy({ id });
  }

  /**
   * Registers a number asked of a carrier (the first asker's time becomes its clock) and
   * leases its first attempt, unless it already belongs to a physical shipment or another
   * attempt holds the lease.
   */
  async claimNumber(scac: string, number: string, since: Date, ttlMs: number, outboxId: string | null): Promise<NumberClaim> {
    await this.dataSource.query(
      `INSERT INTO tracked_numbers (shipping_line_scac, number, tracking_since) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
      [scac, number, since],
    );
    const [leased] = await queryRows<{ tracking_since: Date; lease_seq: string }>(
      this.dataSource,
      `UPDATE tracked_numbers SET lease_until = ${lease(ttlMs)}, lease_seq = nextval('observation_seq'), lease_outbox_id = $3
       WHERE shipping_line_scac = $1 AND number = $2 AND carrier_shipment_id IS NULL AND (lease_until IS NULL OR lease_until <= now())
       RETURNING tracking_since, lease_seq`,
      [scac, number, outboxId],
    );
    if (leased)
      return {
        kind: 'leased',
        lease: { kind: 'tracked_number', scac, number, seq: String(leased.lease_seq) },
        trackingSince: leased.tracking_since,
      };
    const [row] = await queryRows<{ carrier_shipment_id: string | null; lease_until: Date | null; lease_outbox_id: string | null }>(
      this.dataSource,
      `SELECT carrier_shipment_id, lease_until, lease_outbox_id FROM tracked_numbers WHERE shipping_line_scac = $1 AND number = $2`,
      [scac, number],
    );
    if (row?.carrier_shipment_id) return { kind: 'linked', carrierShipmentId: row.carrier_shipment_id };
    return { kind: 'busy', until: row?.lease_until ?? new Date(), heldBy: row?.lease_outbox_id ?? null };
  }

  /**
   * Leases a refresh of a physical shipment, unless another refresh holds it. `restartClockAt`
   * (a new request's time) starts its clock again when nobody follows it any more: asked about
   * again after everyone stopped, it is followed as a new shipment would be — a real carrier's
   * answer does not depend on the clock, the sandbox plays its scenario from the start. Records
   * following it are never moved to another clock while one of them is active.
   */
  async claim(id: string, ttlMs: number, outboxId: string | null, restartClockAt: Date | null = null): Promise<CarrierShipmentClaim> {
    const [leased] = await queryRows<CarrierShipmentEntity & { active_followers: number }>(
      this.dataSource,
      `WITH followers AS (SELECT count(*)::int AS active FROM shipments WHERE carrier_shipment_id = $1 AND line_tracking_stopped_at IS NULL)
       UPDATE carrier_shipments SET lease_until = ${lease(ttlMs)}, lease_seq = nextval('observation_seq'), lease_outbox_id = $2,
         tracking_since = CASE WHEN $3::timestamptz IS NOT NULL AND followers.active = 0 THEN $3::timestamptz ELSE tracking_since END
       FROM followers
       WHERE id = $1 AND (lease_until IS NULL OR lease_until <= now())
       RETURNING carrier_shipments.*, followers.active AS active_followers`,
      [id, outboxId, restartClockAt],
    );
    if (leased) {
      const { active_followers: activeFollowers, ...row } = leased;
      const carrierShipment = this.dataSource.getRepository(CarrierShipmentEntity).create(row);
      return {
        kind: 'leased',
        lease: { kind: 'carrier_shipment', carrierShipmentId: id, seq: String(row.lease_seq) },
        carrierShipment,
        activeFollowers,
      };
    }
    const [row] = await queryRows<{ lease_until: Date | null; lease_outbox_id: string | null }>(
      this.dataSource,
      `SELECT lease_until, lease_outbox_id FROM carrier_shipments WHERE id = $1`,
      [id],
    );
    return row === undefined ? { kind: 'missing' } : { kind: 'busy', until: row.lease_until ?? new Date(), heldBy: row.lease_outbox_id };
  }

  /**
   * Leases the refreshes of many physical shipments in one statement (a batch of routine
   * refreshes); those another refresh holds are left out (it covers them), as are missing ones.
   * When this very job holds one of them (a second delivery of a job still running), nothing is
   * leased and `runningUntil` says until when it may run.
   */
  async claimMany(
    ids: readonly string[],
    ttlMs: number,
    outboxId: string | null,
  ): Promise<{ leased: Array<Extract<CarrierShipmentClaim, { kind: 'leased' }>>; runningUntil: Date | null }> {
    if (ids.length === 0) return { leased: [], runningUntil: null };
    const rows = await queryRows<CarrierShipmentEntity & { active_followers: number }>(
      this.dataSource,
      // Followers counted per leased row through the shipments' index: a CTE of every id's count,
      // read by the RETURNING subquery, was inlined and aggregated again for each row (50 × 50
      // index probes, half the statement's 40 ms for a job of 50).
      `UPDATE carrier_shipments cs SET lease_until = ${lease(ttlMs)}, lease_seq = nextval('observation_seq'), lease_outbox_id = $2
       WHERE cs.id = ANY($1::uuid[]) AND (cs.lease_until IS NULL OR cs.lease_until <= now())
       RETURNING cs.*, (SELECT count(*)::int FROM shipments s WHERE s.carrier_shipment_id = cs.id AND s.line_tracking_stopped_at IS NULL) AS active_followers`,
      [ids, outboxId],
    );
    const repository = this.dataSource.getRepository(CarrierShipmentEntity);
    if (outboxId !== null && rows.length < ids.length) {
      // Left out because this very job holds them? Then it is a second delivery of a job still running.
      const [running] = await queryRows<{ until: Date }>(
        this.dataSource,
        `SELECT max(lease_until) AS until FROM carrier_shipments
         WHERE id = ANY($1::uuid[]) AND NOT (id = ANY($3::uuid[])) AND lease_outbox_id = $2 AND lease_until > now() HAVING count(*) > 0`,
        [ids, outboxId, rows.map((row) => row.id)],
      );
      if (running) {
        await releaseLeases(
          this.dataSource,
          rows.map((row) => ({ kind: 'carrier_shipment', carrierShipmentId: row.id, seq: String(row.lease_seq) })),
        );
        return { leased: [], runningUntil: running.until };
      }
    }
    const leased = rows.map(({ active_followers: activeFollowers, ...row }) => ({
      kind: 'leased' as const,
      lease: { kind: 'carrier_shipment' as const, carrierShipmentId: row.id, seq: String(row.lease_seq) },
      carrierShipment: repository.create(row),
      activeFollowers,
    }));
    return { leased, runningUntil: null };
  }

  async findByNumber(scac: string, normalizedNumber: string): Promise<CarrierShipmentEntity | null> {
    return this.dataSource
      .getRepository(CarrierShipmentEntity)
      .findOneBy({ shipping_line_scac: scac, normalized_number: normalizedNumber });
  }

  /** A tracked number turns out to belong to a known physical shipment: link it, and hand its lease back. */
  async linkNumber(granted: Extract<ObservationLease, { kind: 'tracked_number' }>, carrierShipmentId: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.query(`UPDATE tracked_numbers SET carrier_shipment_id = $3 WHERE shipping_line_scac = $1 AND number = $2`, [
        granted.scac,
        granted.number,
        carrierShipmentId,
      ]);
      await releaseLease(manager, granted);
    });
  }

  /**
   * A physical shipment nobody follows any more: drop its schedule (a resume or a new request
   * brings it back) and hand the lease back, with the job's outbox row, in one transaction.
   * False when the job was done already.
   */
  async unschedule(granted: Extract<ObservationLease, { kind: 'carrier_shipment' }>, outboxId: string | null): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      await releaseLease(manager, granted);
      if (outboxId !== null && !(await this.outbox.complete(manager, outboxId))) return false;
      await manager.query(`UPDATE carrier_shipments SET next_refresh_at = NULL, updated_at = now() WHERE id = $1`, [
        granted.carrierShipmentId,
      ]);
      return true;
    });
  }

  /** Hands a lease back after a fetch that will not be applied (the adapter threw, the job failed). */
  async release(granted: ObservationLease): Promise<void> {
    await releaseLease(this.dataSource, granted);
  }

  /**
   * The physical shipment an account's record follows. A record stored before physical
   * shipments existed (or written by a tool) is attached to the one of its carrier and number,
   * created if needed, with the earliest of its requests as the clock.
   */
  async ofShipment(shipmentId: string): Promise<string | null> {
    const [row] = await queryRows<{
      carrier_shipment_id: string | null;
      shipping_line_scac: string;
      normalized_number: string;
      bill_of_lading_number: string;
      since: Date;
    }>(
      this.dataSource,
      `SELECT s.carrier_shipment_id, s.shipping_line_scac, s.normalized_number, s.bill_of_lading_number,
              COALESCE((SELECT min(created_at) FROM tracking_requests WHERE tracked_object_id = s.id), s.created_at) AS since
       FROM shipments s WHERE s.id = $1`,
      [shipmentId],
    );
    if (row === undefined) return null;
    if (row.carrier_shipment_id !== null) return row.carrier_shipment_id;
    return this.dataSource.transaction(async (manager) => {
      await manager.query(
        `INSERT INTO carrier_shipments (shipping_line_scac, normalized_number, query_type, query_number, tracking_since)
         VALUES ($1, $2, 'bill_of_lading', $3, $4) ON CONFLICT DO NOTHING`,
        [row.shipping_line_scac, row.normalized_number, row.bill_of_lading_number, row.since],
      );
      const [physical] = await queryRows<{ id: string }>(
        manager,
        `SELECT id FROM carrier_shipments WHERE shipping_line_scac = $1 AND normalized_number = $2`,
        [row.shipping_line_scac, row.normalized_number],
      );
      await manager.query(`UPDATE shipments SET carrier_shipment_id = $2 WHERE id = $1 AND carrier_shipment_id IS NULL`, [
        shipmentId,
        physical!.id,
      ]);
      return physical!.id;
    });
  }

  /**
   * Claims up to `limit` physical shipments whose refresh is due, moves each one's
   * `next_refresh_at` to `nextRefreshAt(row)` and writes their refresh jobs (`jobs(rows)`) to
   * the outbox, all in one transaction: several schedulers never claim one shipment twice (SKIP
   * LOCKED), and a refresh Redis loses is published again.
   */
  async claimDue(
    now: Date,
    limit: number,
    nextRefreshAt: (row: DueCarrierShipment) => Date,
    jobs: (rows: DueCarrierShipment[]) => OutboxEntry[],
    selection: DueSelection = { urgency: REFRESH_PHASES, perCarrier: new Map() },
  ): Promise<DueCarrierShipment[]> {
    return this.dataSource.transaction(async (manager) => {
      // Most urgent phase first, then longest due; at most a carrier's share per tick, so when its
      // quota is the bottleneck the urgent ones go first and the rest wait for the next ticks.
      const due = await queryRows<DueCarrierShipment>(
        manager,
        `WITH ranked AS (
           SELECT id, COALESCE(array_position($3::text[], refresh_phase), array_position($3::text[], 'unknown')) AS urgency,
                  ROW_NUMBER() OVER (
                    PARTITION BY shipping_line_scac
                    ORDER BY COALESCE(array_position($3::text[], refresh_phase), array_position($3::text[], 'unknown')), next_refresh_at
                  ) AS place
           FROM carrier_shipments
           WHERE next_refresh_at IS NOT NULL AND next_refresh_at <= $1
         )
         SELECT c.id, c.shipping_line_scac, c.refresh_phase FROM carrier_shipments c JOIN ranked r ON r.id = c.id
         WHERE r.place <= COALESCE(($4::jsonb ->> c.shipping_line_scac)::int, $2)
         ORDER BY r.urgency, c.next_refresh_at
         LIMIT $2
         FOR UPDATE OF c SKIP LOCKED`,
        [now, limit, [...selection.urgency], JSON.stringify(Object.fromEntries(selection.perCarrier))],
      );
      if (due.length === 0) return [];
      await manager.query(
        `UPDATE carrier_shipments c SET next_refresh_at = v.next_refresh_at
         FROM jsonb_to_recordset($1::jsonb) AS v(id uuid, next_refresh_at timestamptz)
         WHERE c.id = v.id`,
        [JSON.stringify(due.map((row) => ({ id: row.id, next_refresh_at: nextRefreshAt(row).toISOString() })))],
      );
      const entries = jobs(due);
      await manager.query(
        `INSERT INTO outbox (queue, job_name, payload, account_id, available_at)
         SELECT r.queue, r.job_name, r.payload, NULL, COALESCE(r.available_at, now())
         FROM jsonb_to_recordset($1::jsonb) AS r(queue text, job_name text, payload jsonb, available_at timestamptz)`,
        [
          JSON.stringify(
            entries.map((e) => ({
              queue: e.queue,
              job_name: e.jobName,
              payload: e.payload,
              available_at: e.availableAt?.toISOString() ?? null,
            })),
          ),
        ],
      );
      OutboxCommitSubscriber.rowsAdded(manager);
      return due;
    });
  }
}
