import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { RawEventEntity } from '../entities/raw-event.entity';
import type { AccountScope } from './account-scope';
import { AccountScopedRepository } from './account-scoped.repository';

/**
 * What the sources said about a container (docs/containers.md, "Raw events"). A container's
 * raw events are listed as the sources listed them: by when they were first received, then
 * their position in that answer, withdrawn and corrected ones included (`invalidated_at`).
 */
@Injectable()
export class RawEventRepository extends AccountScopedRepository<RawEventEntity> {
  constructor(dataSource: DataSource) {
    super(dataSource, RawEventEntity, 'raw_event');
  }

  async listForContainer(
    scope: AccountScope,
    containerId: string,
    page: { offset: number; limit: number },
  ): Promise<{ rows: RawEventEntity[]; total: number }> {
    const [rows, total] = await this.scoped(scope, 'row')
      .andWhere('row.container_id = :containerId', { containerId })
      .orderBy('row.created_at', 'ASC')
      .addOrderBy('row.data_source', 'ASC')
      .addOrderBy('row.index', 'ASC')
      .addOrderBy('row.id', 'ASC')
      .offset(page.offset)
      .limit(page.limit)
      .getManyAndCount();
    return { rows, total };
  }

  /** The raw event each of the caller's transport events came from (the newest when several did), by transport event id. */
  async sourcesOf(scope: AccountScope, transportEventIds: readonly string[]): Promise<Map<string, string>> {
    if (transportEventIds.length === 0) return new Map();
    const rows = await this.scoped(scope, 'row')
      .select(['row.id', 'row.transport_event_id', 'row.created_at'])
      .andWhere('row.transport_event_id IN (:...ids)', { ids: [...new Set(transportEventIds)] })
      .orderBy('row.created_at', 'ASC')
      .getMany();
    return new Map(rows.map((row) => [row.transport_event_id ?? '', row.id]));
  }
}
