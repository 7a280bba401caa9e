import { Injectable } from '@nestjs/common';
import type { RequestType } from '@quayside/domain';
import { DataSource } from 'typeorm';
import { ContainerEntity } from '../entities/container.entity';
import { TrackingRequestEntity } from '../entities/tracking-request.entity';
import { queryRows } from './query-rows';

/** A shipment the scheduler claimed for a refresh. */
export interface DueShipment {
  id: string;
  account_id: string;
  shipping_line_scac: string;
  carrier_reference: string | null;
  normalized_number: string;
}

/**
 * Everyone's records of one physical shipment (same carrier, same number asked), so the
 * carrier is asked once and each account's record is updated from that one answer.
 */
export interface RefreshGroup {
  scac: string;
  kind: RequestType;
  number: string;
  /** The earliest tracking request of the group: where sandbox scenarios start. */
  trackingSince: Date;
  /** The shipment asked for first, then the others (active ones only). */
  shipmentIds: string[];
  /** Line tracking of the shipment asked for has stopped. */
  stopped: boolean;
  /** The next scheduled refresh of the shipment asked for; the others are aligned to it. */
  nextRefreshAt: Date | null;
}

/** Reads and bookkeeping of the tracker that are not a state change with events. */
@Injectable()
export class TrackingRepository {
  constructor(private readonly dataSource: DataSource) {}

  async findTrackingRequest(id: string): Promise<TrackingRequestEntity | null> {
    return this.dataSource.getRepository(TrackingRequestEntity).findOneBy({ id });
  }

  async findContainer(id: string): Promise<ContainerEntity | null> {
    return this.dataSource.getRepository(ContainerEntity).findOneBy({ id });
  }

  /**
   * Claims up to `limit` active shipments whose refresh is due and moves each one's
   * `next_refresh_at` to `nextRefreshAt(row)` in the same statement, so concurrent schedulers
   * (several worker processes) never claim one shipment twice (SKIP LOCKED).
   */
  async claimDueShipments(now: Date, limit: number, nextRefreshAt: (row: DueShipment) => Date): Promise<DueShipment[]> {
    return this.dataSource.transaction(async (manager) => {
      const due = await queryRows<DueShipment>(
        manager,
        `SELECT id, account_id, shipping_line_scac, carrier_reference, normalized_number
         FROM shipments
         WHERE line_tracking_stopped_at IS NULL AND next_refresh_at IS NOT NULL AND next_refresh_at <= $1
         ORDER BY next_refresh_at
         LIMIT $2
         FOR UPDATE SKIP LOCKED`,
        [now, limit],
      );
      if (due.length === 0) return [];
      await manager.query(
        `UPDATE shipments s SET next_refresh_at = v.next_refresh_at
         FROM jsonb_to_recordset($1::jsonb) AS v(id uuid, next_refresh_at timestamptz)
         WHERE s.id = v.id`,
        [JSON.stringify(due.map((row) => ({ id: row.id, next_refresh_at: nextRefreshAt(row).toISOString() })))],
      );
      return due;
    });
  }

  /**
   * When tracking of the physical shipment (carrier + number, whichever accounts follow it)
   * began: the earliest request linked to an active record of it, or `fallback` for the first.
   * A first attempt and later refreshes must ask about the same moment, or a sandbox timeline
   * would restart for an account that joins a shipment another account already follows.
   */
  async trackingSinceOf(scac: string, number: string, fallback: Date): Promise<Date> {
    const rows = await queryRows<{ since: Date | null }>(
      this.dataSource,
      `SELECT min(tr.created_at) AS since
       FROM shipments s JOIN tracking_requests tr ON tr.tracked_object_id = s.id
       WHERE s.shipping_line_scac = $1 AND COALESCE(s.carrier_reference, s.bill_of_lading_number) = $2
         AND s.line_tracking_stopped_at IS NULL`,
      [scac, number],
    );
    const since = rows[0]?.since ?? null;
    return since !== null && since < fallback ? since : fallback;
  }

  /** The physical shipment behind `shipmentId` and every active record of it; null when the shipment is gone. */
  async findRefreshGroup(shipmentId: string): Promise<RefreshGroup | null> {
    const [shipment] = await queryRows<{
      shipping_line_scac: string;
      carrier_reference: string | null;
      bill_of_lading_number: string;
      stopped: boolean;
      next_refresh_at: Date | null;
    }>(
      this.dataSource,
      `SELECT shipping_line_scac, carrier_reference, bill_of_lading_number, line_tracking_stopped_at IS NOT NULL AS stopped, next_refresh_at
       FROM shipments WHERE id = $1`,
      [shipmentId],
    );
    if (shipment === undefined) return null;
    const number = shipment.carrier_reference ?? shipment.bill_of_lading_number;
    const members = await queryRows<{ id: string }>(
      this.dataSource,
      `SELECT id FROM shipments
       WHERE shipping_line_scac = $1 AND COALESCE(carrier_reference, bill_of_lading_number) = $2
         AND line_tracking_stopped_at IS NULL AND id <> $3
       ORDER BY created_at, id`,
      [shipment.shipping_line_scac, number, shipmentId],
    );
    const shipmentIds = [shipmentId, ...members.map((m) => m.id)];
    const requests = await queryRows<{ request_type: RequestType; request_number: string; created_at: Date }>(
      this.dataSource,
      `SELECT request_type, request_number, created_at FROM tracking_requests
       WHERE tracked_object_id = ANY($1::uuid[])
       ORDER BY created_at, id`,
      [shipmentIds],
    );
    const asked = requests.find((r) => r.request_number === number);
    return {
      scac: shipment.shipping_line_scac,
      kind: asked?.request_type ?? 'bill_of_lading',
      number,
      trackingSince: requests[0]?.created_at ?? new Date(0),
      shipmentIds,
      stopped: shipment.stopped,
      nextRefreshAt: shipment.next_refresh_at,
    };
  }

  /** A refresh that reached nobody (carrier unreachable): remember the attempt, change nothing else. */
  async markLineAttempted(shipmentIds: readonly string[], at: Date): Promise<void> {
    if (shipmentIds.length === 0) return;
    await this.dataSource.query(`UPDATE shipments SET line_tracking_last_attempted_at = $2 WHERE id = ANY($1::uuid[])`, [shipmentIds, at]);
  }
}
