import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { TransportEventEntity } from '../entities/transport-event.entity';
import type { AccountScope } from './account-scope';
import { AccountScopedRepository } from './account-scoped.repository';

/**
 * A transport event as the api reads it: with the raw event it came from, its vessel, and the
 * inland rail facility it happened at (a rail event at the place of the container's reported
 * rail terminal; docs/containers.md, "Rail terminals").
 */
export type TransportEventRecord = TransportEventEntity & {
  source_event_id: string | null;
  vessel_id: string | null;
  rail_terminal_id: string | null;
};

/** The milestones that happen at an inland rail facility (a rail carrier's, or a line's report of the rail leg). */
const AT_RAIL_FACILITY = [
  'container.transport.rail_arrived',
  'container.transport.rail_unloaded',
  'container.transport.arrived_at_inland_destination',
];

/**
 * Normalized milestones. A container's events are listed in the order they were stored,
 * `(created_at, id)` ascending, so events stored while a client pages come after the pages it
 * has read; `timestamp` (UTC, with `timezone`) gives the chronology of the journey.
 */
@Injectable()
export class TransportEventRepository extends AccountScopedRepository<TransportEventEntity> {
  constructor(dataSource: DataSource) {
    super(dataSource, TransportEventEntity, 'transport_event');
  }

  async listForContainer(
    scope: AccountScope,
    containerId: string,
    page: { offset: number; limit: number },
  ): Promise<{ rows: TransportEventRecord[]; total: number }> {
    const [rows, total] = await this.scoped(scope, 'row')
      .andWhere('row.container_id = :containerId', { containerId })
      .orderBy('row.created_at', 'ASC')
      .addOrderBy('row.id', 'ASC')
      .offset(page.offset)
      .limit(page.limit)
      .getManyAndCount();
    return { rows: await this.withLinks(rows), total };
  }

  /** The caller's events with these ids (others' are left out), with their source event and vessel. */
  async findManyRecords(scope: AccountScope, ids: readonly string[]): Promise<TransportEventRecord[]> {
    return this.withLinks(await this.findManyOwned(scope, ids));
  }

  /**
   * One query for all rows: the raw event each came from (the newest when several did) and the
   * vessel its IMO names, null when there is none.
   */
  private async withLinks(rows: TransportEventEntity[]): Promise<TransportEventRecord[]> {
    if (rows.length === 0) return [];
    const links = await this.dataSource.query<
      { id: string; source_event_id: string | null; vessel_id: string | null; rail_terminal_id: string | null }[]
    >(
      `SELECT te.id,
              (SELECT r.id FROM raw_events r WHERE r.transport_event_id = te.id AND r.account_id = te.account_id ORDER BY r.created_at DESC, r.id DESC LIMIT 1) AS source_event_id,
              (SELECT v.id FROM vessels v WHERE v.imo = te.vessel_imo) AS vessel_id,
              (SELECT rt.id FROM containers c JOIN rail_terminals rt ON rt.id = c.ind_rail_terminal_id
                WHERE c.id = te.container_id AND c.account_id = te.account_id AND te.event = ANY($2::text[]) AND rt.locode = te.location_locode) AS rail_terminal_id
         FROM transport_events te WHERE te.id = ANY($1::uuid[])`,
      [rows.map((row) => row.id), AT_RAIL_FACILITY],
    );
    const byId = new Map(links.map((link) => [link.id, link]));
    return rows.map((row) =>
      Object.assign(row, {
        source_event_id: byId.get(row.id)?.source_event_id ?? null,
        vessel_id: byId.get(row.id)?.vessel_id ?? null,
        rail_terminal_id: byId.get(row.id)?.rail_terminal_id ?? null,
      }),
    );
  }

  /**
   * The caller's events for a feed read in store order, `(created_at, id)` after `after`, with
   * their container and shipment. A row's update time is when it was stored, or invalidated.
   */
  async listForFeed(scope: AccountScope, filter: TransportEventFeedFilter, limit: number): Promise<TransportEventEntity[]> {
    const query = this.scoped(scope, 'row')
      .innerJoinAndSelect('row.container', 'container')
      .leftJoinAndSelect('row.shipment', 'shipment')
      .andWhere('row.event IN (:...events)', { events: filter.events });
    if (filter.equipmentReference !== undefined) query.andWhere('container.number = :equipment', { equipment: filter.equipmentReference });
    if (filter.transportDocumentReference !== undefined)
      query.andWhere('shipment.bill_of_lading_number = :document', { document: filter.transportDocumentReference });
    if (filter.carrierBookingReference !== undefined)
      query.andWhere('shipment.carrier_reference = :booking', { booking: filter.carrierBookingReference });
    if (filter.updatedFrom !== undefined)
      query.andWhere('COALESCE(row.invalidated_at, row.created_at) >= :from', { from: filter.updatedFrom });
    if (filter.updatedTo !== undefined) query.andWhere('COALESCE(row.invalidated_at, row.created_at) <= :to', { to: filter.updatedTo });
    if (filter.after !== undefined) {
      // The stored time has microseconds, a cursor's only milliseconds: read the row's own while it exists.
      query.andWhere(
        '(row.created_at, row.id) > (COALESCE((SELECT after_row.created_at FROM transport_events after_row WHERE after_row.id = :afterId), :afterAt), :afterId)',
        { afterAt: filter.after.createdAt, afterId: filter.after.id },
      );
    }
    return query.orderBy('row.created_at', 'ASC').addOrderBy('row.id', 'ASC').limit(limit).getMany();
  }
}

export interface TransportEventFeedFilter {
  /** Event names to include (never empty). */
  events: readonly string[];
  equipmentReference?: string;
  transportDocumentReference?: string;
  carrierBookingReference?: string;
  updatedFrom?: Date;
  updatedTo?: Date;
  /** Keyset: rows stored after this one. */
  after?: { createdAt: Date; id: string };
}
