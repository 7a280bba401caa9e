import { Injectable } from '@nestjs/common';
import type { ContainerStatus } from '@quayside/domain';
import { DataSource } from 'typeorm';
import type { SelectQueryBuilder } from 'typeorm';
import { ContainerEntity } from '../entities/container.entity';
import type { AccountScope } from './account-scope';
import { AccountScopedRepository } from './account-scoped.repository';
import type { OutboxEntry } from './outbox.repository';
import { OutboxRepository } from './outbox.repository';
import { queryRows } from './query-rows';
import { STALE_DATA_OF_SHIPMENT } from './stale-data.statement';
import type { CustomFieldMatch, Page, PageOf, TimeRange } from './list-page';
import { listPage, whereCustomFields } from './list-page';
import { ListTotals } from './list-totals';

/** Filters of `GET /containers`; every one given must match. */
export interface ContainerListFilters {
  /** Case-insensitive substring of the container number, a reference number or the shipment's bill of lading. */
  q?: string;
  /** Exact container number (upper-cased). */
  number?: string;
  shipmentId?: string;
  currentStatuses?: readonly ContainerStatus[];
  availableForPickup?: boolean;
  createdAt?: TimeRange;
  updatedAt?: TimeRange;
  customFields?: readonly CustomFieldMatch[];
}

/**
 * A container with the ids of its transport events and raw events (oldest stored first) and of
 * its custom field values, for the to-many linkages, and where it is to be picked up: the
 * inland destination terminal when it travels on by rail, else the terminal at the port of
 * discharge (null when not known).
 */
export type ContainerWithEvents = ContainerEntity & {
  transport_event_ids: string[];
  raw_event_ids: string[];
  custom_field_ids: string[];
  pickup_facility_id: string | null;
  /** Its shipment's `data_stale` (docs/carriers.md, "Source health"). */
  data_stale: boolean;
};

/**
 * Containers of an account. Lists are ordered by `(created_at, id)` ascending, the
 * `idx_containers_account_list` index, so rows added while a client pages land after the
 * pages already read: no page skips or repeats a row.
 */
@Injectable()
export class ContainerRepository extends AccountScopedRepository<ContainerEntity> {
  constructor(
    dataSource: DataSource,
    private readonly outbox: OutboxRepository,
    private readonly totals: ListTotals,
  ) {
    super(dataSource, ContainerEntity, 'container');
  }

  async list(scope: AccountScope, filters: ContainerListFilters, page: Page): Promise<PageOf<ContainerWithEvents>> {
    const result = await listPage(this.applyFilters(this.scoped(scope, 'row'), filters), 'row', page, this.totals);
    return { ...result, rows: await this.withEventIds(scope, result.rows) };
  }

  /** One container of the caller (404 unknown, 401 another account's) with its event ids. */
  async findOwnedWithEvents(scope: AccountScope, id: string): Promise<ContainerWithEvents> {
    const [row] = await this.withEventIds(scope, [await this.findOwned(scope, id)]);
    return row!;
  }

  /** The caller's containers among `ids`, with event ids: two queries whatever the count (include loaders). */
  async findManyOwnedWithEvents(scope: AccountScope, ids: readonly string[]): Promise<ContainerWithEvents[]> {
    return this.withEventIds(scope, await this.findManyOwned(scope, ids));
  }

  /** Replaces the caller's own lists of a container (404 unknown, 401 another account's). */
  async update(scope: AccountScope, id: string, changes: { ref_numbers?: string[] }): Promise<ContainerWithEvents> {
    await this.findOwned(scope, id);
    if (changes.ref_numbers !== undefined)
      await this.repository().update({ id, account_id: scope.accountId }, { ref_numbers: changes.ref_numbers });
    return this.findOwnedWithEvents(scope, id);
  }

  /**
   * Writes `entry` to the outbox for a container of the caller (404/401 as `findOwned`). The
   * row is the whole hand-over: the relay publishes it even if Redis is down right now, and a
   * container deleted meanwhile only completes the job on the consumer's side.
   */
  async enqueueForContainer(scope: AccountScope, id: string, entry: Omit<OutboxEntry, 'accountId'>): Promise<ContainerEntity> {
    const container = await this.findOwned(scope, id);
    await this.outbox.enqueue(this.dataSource.manager, { ...entry, accountId: scope.accountId });
    return container;
  }

  /**
   * Every linkage of the rows in one statement (custom field values included: a statement of
   * their own cost every container read a round trip).
   */
  private async withEventIds(scope: AccountScope, rows: ContainerEntity[]): Promise<ContainerWithEvents[]> {
    if (rows.length === 0) return [];
    const grouped = await queryRows<{
      id: string;
      events: string[] | null;
      raw: string[] | null;
      custom: string[] | null;
      pickup_facility_id: string | null;
      stale: boolean;
    }>(
      this.dataSource,
      `SELECT c.id,
              (SELECT array_agg(te.id ORDER BY te.created_at, te.id) FROM transport_events te WHERE te.container_id = c.id) AS events,
              (SELECT array_agg(re.id ORDER BY re.created_at, re.data_source, re.index, re.id) FROM raw_events re WHERE re.container_id = c.id) AS raw,
              (SELECT array_agg(cf.id ORDER BY cf.created_at, cf.id) FROM custom_fields cf
                WHERE cf.account_id = c.account_id AND cf.entity_type = 'Container' AND cf.entity_id = c.id) AS custom,
              CASE WHEN c.pod_rail_carrier_scac IS NOT NULL OR c.ind_rail_carrier_scac IS NOT NULL THEN s.destination_terminal_id ELSE c.pod_terminal_id END AS pickup_facility_id,
              ${STALE_DATA_OF_SHIPMENT('c.shipment_id')} AS stale
       FROM containers c LEFT JOIN shipments s ON s.id = c.shipment_id
       WHERE c.account_id = $1 AND c.id = ANY($2::uuid[])`,
      [scope.accountId, rows.map((row) => row.id)],
    );
    const byContainer = new Map(grouped.map((group) => [group.id, group]));
    return rows.map((row) => {
      const found = byContainer.get(row.id);
      return Object.assign(row, {
        transport_event_ids: found?.events ?? [],
        raw_event_ids: found?.raw ?? [],
        custom_field_ids: found?.custom ?? [],
        pickup_facility_id: found?.pickup_facility_id ?? null,
        data_stale: found?.stale === true,
      });
    });
  }

  private applyFilters(query: SelectQueryBuilder<ContainerEntity>, filters: ContainerListFilters): SelectQueryBuilder<ContainerEntity> {
    if (filters.q !== undefined && filters.q.trim() !== '') {
      const like = `%${filters.q.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      query.andWhere(
        `(row.number ILIKE :like
          OR EXISTS (SELECT 1 FROM unnest(row.ref_numbers) AS ref WHERE ref ILIKE :like)
          OR row.shipment_id IN (SELECT s.id FROM shipments s WHERE s.account_id = row.account_id AND s.bill_of_lading_number ILIKE :like))`,
        { like },
      );
    }
    if (filters.number !== undefined) query.andWhere('row.number = :number', { number: filters.number.trim().toUpperCase() });
    if (filters.shipmentId !== undefined) query.andWhere('row.shipment_id = :shipmentId', { shipmentId: filters.shipmentId });
    whereCustomFields(query, 'row', filters.customFields);
    if (filters.currentStatuses !== undefined && filters.currentStatuses.length > 0) {
      query.andWhere('row.current_status IN (:...statuses)', { statuses: [...filters.currentStatuses] });
    }
    if (filters.availableForPickup !== undefined) {
      query.andWhere('row.available_for_pickup IS NOT DISTINCT FROM :available', { available: filters.availableForPickup });
    }
    this.applyRange(query, 'created_at', filters.createdAt);
    this.applyRange(query, 'updated_at', filters.updatedAt);
    return query;
  }

  private applyRange(query: SelectQueryBuilder<ContainerEntity>, column: 'created_at' | 'updated_at', range: TimeRange | undefined): void {
    if (range?.start !== undefined) query.andWhere(`row.${column} >= :${column}Start`, { [`${column}Start`]: range.start });
    if (range?.end !== undefined) query.andWhere(`row.${column} <= :${column}End`, { [`${column}End`]: range.end });
  }
}
