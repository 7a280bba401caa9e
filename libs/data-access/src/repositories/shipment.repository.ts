import { Injectable } from '@nestjs/common';
import type { Shipment } from '@quayside/domain';
import { DataSource } from 'typeorm';
import type { EntityManager } from 'typeorm';
import { ShipmentEntity } from '../entities/shipment.entity';
import type { AccountScope } from './account-scope';
import { AccountScopedRepository } from './account-scoped.repository';
import type { CustomFieldMatch, Page, PageOf } from './list-page';
import { ListTotals } from './list-totals';
import { containsPattern, listPage, whereCustomFields } from './list-page';
import type { OutboxJobName } from './tracking-request.repository';
import { OutboxRepository } from './outbox.repository';
import { queryRows } from './query-rows';
import { STALE_DATA_OF_SHIPMENT } from './stale-data.statement';

/**
 * A shipment with the ids of its containers and of its custom field values (the to-many
 * linkages), oldest first, and the inland rail facility a rail carrier reported as their
 * destination (the first container's that has one; docs/containers.md, "Rail terminals");
 * left out where a read does not fill it.
 */
export interface ShipmentRecord extends Shipment {
  container_ids: string[];
  custom_field_ids: string[];
  destination_rail_terminal_id?: string | null;
  /**
   * Followed, and its carrier data older than the refresh cadence allows (past the physical
   * shipment's `fresh_until`; docs/carriers.md "Source health"); left out where a read does not fill it.
   */
  data_stale?: boolean;
}

export interface ShipmentFilters {
  /** Bill of lading, reference number or container number (case-insensitive substring). */
  q?: string;
  /** The tracking request number the shipment was found by (bill of lading or booking), exact. */
  number?: string;
  tracking_stopped?: boolean;
  custom_fields?: readonly CustomFieldMatch[];
}

export interface ShipmentChanges {
  ref_numbers?: string[];
  tags?: string[];
}

/** `changed`: the state moved and the tracker was told; `unchanged`: it already was so. */
export interface TrackingSwitchResult {
  shipment: ShipmentRecord;
  changed: boolean;
}

function iso(value: Date | null): string | null {
  return value === null ? null : value.toISOString();
}

export function toShipment(row: ShipmentEntity): Shipment {
  return {
    id: row.id,
    account_id: row.account_id,
    bill_of_lading_number: row.bill_of_lading_number,
    normalized_number: row.normalized_number,
    ref_numbers: [...row.ref_numbers],
    tags: [...row.tags],
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    port_of_lading_locode: row.port_of_lading_locode,
    port_of_lading_name: row.port_of_lading_name,
    port_of_discharge_locode: row.port_of_discharge_locode,
    port_of_discharge_name: row.port_of_discharge_name,
    destination_locode: row.destination_locode,
    destination_name: row.destination_name,
    shipping_line_scac: row.shipping_line_scac,
    shipping_line_name: row.shipping_line_name,
    shipping_line_short_name: row.shipping_line_short_name,
    customer_name: row.customer_name,
    pod_vessel_name: row.pod_vessel_name,
    pod_vessel_imo: row.pod_vessel_imo,
    pod_voyage_number: row.pod_voyage_number,
    pol_etd_at: iso(row.pol_etd_at),
    pol_original_etd_at: iso(row.pol_original_etd_at),
    pol_atd_at: iso(row.pol_atd_at),
    pod_eta_at: iso(row.pod_eta_at),
    pod_original_eta_at: iso(row.pod_original_eta_at),
    pod_ata_at: iso(row.pod_ata_at),
    destination_eta_at: iso(row.destination_eta_at),
    destination_original_eta_at: iso(row.destination_original_eta_at),
    destination_ata_at: iso(row.destination_ata_at),
    pol_timezone: row.pol_timezone,
    pod_timezone: row.pod_timezone,
    destination_timezone: row.destination_timezone,
    line_tracking_last_attempted_at: iso(row.line_tracking_last_attempted_at),
    line_tracking_last_succeeded_at: iso(row.line_tracking_last_succeeded_at),
    line_tracking_stopped_at: iso(row.line_tracking_stopped_at),
    line_tracking_stopped_reason: row.line_tracking_stopped_reason,
    port_of_lading_id: row.port_of_lading_id,
    port_of_discharge_id: row.port_of_discharge_id,
    destination_id: row.destination_id,
    pod_terminal_id: row.pod_terminal_id,
    destination_terminal_id: row.destination_terminal_id,
    shipping_line_id: row.shipping_line_id,
  };
}

/**
 * Shipments of an account as the api reads and edits them. Every read returns
 * `ShipmentRecord`s, whose `container_ids` come from one query for the whole batch.
 */
@Injectable()
export class ShipmentRepository extends AccountScopedRepository<ShipmentEntity> {
  constructor(
    dataSource: DataSource,
    private readonly outbox: OutboxRepository,
    private readonly totals: ListTotals,
  ) {
    super(dataSource, ShipmentEntity, 'shipment');
  }

  async findOwnedShipment(scope: AccountScope, id: string): Promise<ShipmentRecord> {
    const [record] = await this.withContainerIds([await this.findOwned(scope, id)]);
    return record!;
  }

  /** The caller's shipments among `ids`, for includes (`tracked_object`, `shipment`): one query plus one for their containers. */
  async findManyRecords(scope: AccountScope, ids: readonly string[]): Promise<ShipmentRecord[]> {
    return this.withContainerIds(await this.findManyOwned(scope, ids));
  }

  /** A page of the account's shipments, oldest first by `(created_at, id)` (the list index). */
  async list(scope: AccountScope, filters: ShipmentFilters, page: Page): Promise<PageOf<ShipmentRecord>> {
    const query = this.scoped(scope, 'shipment');
    if (filters.q !== undefined && filters.q !== '') {
      query.andWhere(
        `(shipment.bill_of_lading_number ILIKE :q ESCAPE '\\'
          OR EXISTS (SELECT 1 FROM unnest(shipment.ref_numbers) AS ref WHERE ref ILIKE :q ESCAPE '\\')
          OR EXISTS (SELECT 1 FROM containers c WHERE c.shipment_id = shipment.id AND c.account_id = shipment.account_id AND c.number ILIKE :q ESCAPE '\\'))`,
        { q: containsPattern(filters.q) },
      );
    }
    if (filters.number !== undefined) {
      // The number a tracking request was made with: the shipment's bill of lading or the
      // request number (a booking) that found it.
      query.andWhere(
        `(shipment.bill_of_lading_number = :number OR shipment.normalized_number = :number OR shipment.carrier_reference = :number
          OR EXISTS (SELECT 1 FROM tracking_requests tr WHERE tr.tracked_object_id = shipment.id AND tr.account_id = shipment.account_id AND tr.request_number = :number))`,
        { number: filters.number.trim().toUpperCase() },
      );
    }
    if (filters.tracking_stopped !== undefined)
      query.andWhere('shipment.tracking_stopped = :stopped', { stopped: filters.tracking_stopped });
    whereCustomFields(query, 'shipment', filters.custom_fields);
    const result = await listPage(query, 'shipment', page, this.totals);
    return { ...result, rows: await this.withContainerIds(result.rows) };
  }

  async update(scope: AccountScope, id: string, changes: ShipmentChanges): Promise<ShipmentRecord> {
    await this.findOwned(scope, id);
    const values: Partial<Pick<ShipmentEntity, 'ref_numbers' | 'tags'>> = {};
    if (changes.ref_numbers !== undefined) values.ref_numbers = changes.ref_numbers;
    if (changes.tags !== undefined) values.tags = changes.tags;
    if (Object.keys(values).length > 0) await this.repository().update({ id, account_id: scope.accountId }, values);
    return this.findOwnedShipment(scope, id);
  }

  /**
   * `PATCH /shipments/{id}/stop_tracking` (apps/tracker-worker/README.md, "Stop and resume"):
   * stopped now by the client, and a `refresh-shipment` row with `reason: manual` so the
   * tracker settles its requests (`tracking_request.tracking_stopped`), in one transaction.
   * A shipment already stopped (by the client or the service) keeps its stop.
   */
  async stopTracking(scope: AccountScope, id: string, refresh: OutboxJobName): Promise<TrackingSwitchResult> {
    return this.switchTracking(scope, id, async (tx, row) => {
      if (row.line_tracking_stopped_at !== null) return false;
      await tx.query(
        `UPDATE shipments SET line_tracking_stopped_at = now(), line_tracking_stopped_reason = 'cancelled_by_user', updated_at = now() WHERE id = $1`,
        [id],
      );
      await this.outbox.enqueue(tx, {
        queue: refresh.queue,
        jobName: refresh.jobName,
        payload: { shipmentId: id, reason: 'manual' },
        accountId: scope.accountId,
      });
      return true;
    });
  }

  /**
   * `PATCH /shipments/{id}/resume_tracking`: tracked again, and a `refresh-shipment` row with
   * `reason: resume` (the tracker refreshes its physical shipment now and schedules it again), in
   * one transaction. `allow` is asked
   * first with the number of containers that become active again (e.g. the plan's cap); it
   * runs outside the transaction so it may use its own connection.
   */
  async resumeTracking(
    scope: AccountScope,
    id: string,
    refresh: OutboxJobName,
    allow: (containerCount: number) => Promise<void>,
  ): Promise<TrackingSwitchResult> {
    const current = await this.findOwned(scope, id);
    if (current.line_tracking_stopped_at !== null) {
      const [count] = await queryRows<{ containers: number }>(
        this.dataSource,
        `SELECT count(*)::int AS containers FROM containers WHERE shipment_id = $1 AND account_id = $2 AND empty_terminated_at IS NULL`,
        [id, scope.accountId],
      );
      await allow(count?.containers ?? 0);
    }
    return this.switchTracking(scope, id, async (tx, row) => {
      if (row.line_tracking_stopped_at === null) return false;
      await tx.query(
        `UPDATE shipments SET line_tracking_stopped_at = NULL, line_tracking_stopped_reason = NULL, updated_at = now() WHERE id = $1`,
        [id],
      );
      await this.outbox.enqueue(tx, {
        queue: refresh.queue,
        jobName: refresh.jobName,
        payload: { shipmentId: id, reason: 'resume' },
        accountId: scope.accountId,
      });
      return true;
    });
  }

  private async switchTracking(
    scope: AccountScope,
    id: string,
    change: (tx: EntityManager, row: ShipmentEntity) => Promise<boolean>,
  ): Promise<TrackingSwitchResult> {
    await this.findOwned(scope, id);
    const changed = await this.dataSource.transaction(async (tx) => {
      const row = await this.scoped(scope, 'shipment', tx).andWhere('shipment.id = :id', { id }).setLock('pessimistic_write').getOne();
      return row === null ? false : change(tx, row);
    });
    return { shipment: await this.findOwnedShipment(scope, id), changed };
  }

  /** Both linkages of the rows in one statement (custom field values on their own cost every shipment read a round trip). */
  private async withContainerIds(rows: readonly ShipmentEntity[]): Promise<ShipmentRecord[]> {
    if (rows.length === 0) return [];
    const links = await queryRows<{
      shipment_id: string;
      ids: string[] | null;
      rail_terminal_id: string | null;
      custom: string[] | null;
      stale: boolean | null;
    }>(
      this.dataSource,
      `SELECT s.id AS shipment_id, c.ids, c.rail_terminal_id,
              (SELECT array_agg(cf.id ORDER BY cf.created_at, cf.id) FROM custom_fields cf
                WHERE cf.account_id = $2 AND cf.entity_type = 'Shipment' AND cf.entity_id = s.id) AS custom,
              ${STALE_DATA_OF_SHIPMENT('s.id')} AS stale
       FROM unnest($1::uuid[]) AS s(id)
       LEFT JOIN LATERAL (
         SELECT array_agg(c.id ORDER BY c.created_at, c.id) AS ids,
                (array_agg(c.ind_rail_terminal_id ORDER BY c.created_at, c.id) FILTER (WHERE c.ind_rail_terminal_id IS NOT NULL))[1] AS rail_terminal_id
         FROM containers c WHERE c.shipment_id = s.id AND c.account_id = $2
       ) c ON true`,
      [rows.map((row) => row.id), rows[0]!.account_id],
    );
    const byShipment = new Map(links.map((link) => [link.shipment_id, link]));
    return rows.map((row) => {
      const link = byShipment.get(row.id);
      // toShipment's object is new: the linkages go onto it rather than into a copy of its 40 fields.
      return Object.assign(toShipment(row), {
        container_ids: link?.ids ?? [],
        custom_field_ids: link?.custom ?? [],
        destination_rail_terminal_id: link?.rail_terminal_id ?? null,
        data_stale: link?.stale === true,
      });
    });
  }
}
