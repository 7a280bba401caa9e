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
}
