import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { TransportEventEntity } from '../entities/transport-event.entity';
import type { AccountScope } from './account-scope';
import { AccountScopedRepository } from './account-scoped.repository';

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
  ): Promise<{ rows: TransportEventEntity[]; total: number }> {
    const [rows, total] = await this.scoped(scope, 'row')
      .andWhere('row.container_id = :containerId', { containerId })
      .orderBy('row.created_at', 'ASC')
      .addOrderBy('row.id', 'ASC')
      .offset(page.offset)
      .limit(page.limit)
      .getManyAndCount();
    return { rows, total };
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
    if (filter.transportDocumentReference !== undefined) query.andWhere('shipment.bill_of_lading_number = :document', { document: filter.transportDocumentReference });
    if (filter.carrierBookingReference !== undefined) query.andWhere('shipment.carrier_reference = :booking', { booking: filter.carrierBookingReference });
    if (filter.updatedFrom !== undefined) query.andWhere('COALESCE(row.invalidated_at, row.created_at) >= :from', { from: filter.updatedFrom });
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
