import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AccountScope } from './account-scope';
import { queryRows } from './query-rows';

/**
 * What counts against the free and trial plans' 10 active containers (docs/plans.md):
 * - a container whose tracking goes on: not returned empty (`empty_terminated_at` unset) and
 *   not on a shipment whose tracking stopped (`line_tracking_stopped_at` set);
 * - a tracking request still waiting for its carrier (`pending`, `awaiting_manifest`): its
 *   containers are not known yet, and it brings at least one.
 */
@Injectable()
export class PlanUsageRepository {
  constructor(private readonly dataSource: DataSource) {}

  async countActiveContainers(scope: AccountScope): Promise<number> {
    const rows = await queryRows<{ containers: string; waiting: string }>(
      this.dataSource,
      `SELECT
         (SELECT count(*) FROM containers c
            LEFT JOIN shipments s ON s.id = c.shipment_id
           WHERE c.account_id = $1
             AND c.empty_terminated_at IS NULL
             AND (s.id IS NULL OR s.line_tracking_stopped_at IS NULL)) AS containers,
         (SELECT count(*) FROM tracking_requests t
           WHERE t.account_id = $1 AND t.status IN ('pending', 'awaiting_manifest')) AS waiting`,
      [scope.accountId],
    );
    const row = rows[0];
    return row ? Number(row.containers) + Number(row.waiting) : 0;
  }
}
