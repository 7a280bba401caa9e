import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { unitOfWork } from '../database/unit-of-work';
import type { UnitOfWork } from '../database/unit-of-work';
import type { EntityManager } from 'typeorm';
import type { AccountScope } from './account-scope';
import { queryRows } from './query-rows';

/** How long a key's stored response is replayed; after that the key starts afresh. */
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;

export interface StoredResponse {
  status: number;
  body: unknown;
}

/**
 * `executed`: the work ran now and its response is stored under the key. `replayed`: the key
 * was used with the same request within 24 hours; this is the stored response. `mismatch`: the
 * key was used with another request.
 */
export type IdempotentResult =
  { outcome: 'executed'; response: StoredResponse } | { outcome: 'replayed'; response: StoredResponse } | { outcome: 'mismatch' };

interface KeyRow {
  id: string;
  request_hash: string;
  response_status: number | null;
  response_body: unknown;
  fresh: boolean;
}

/**
 * `Idempotency-Key` handling. The key row, the work and the stored response commit in ONE
 * transaction, so a response is stored exactly when its effects are: a request that fails
 * rolls its key back and may be retried with the same key. A concurrent request with the same
 * key waits on the unique index until the first commits, then replays its response.
 */
@Injectable()
export class IdempotencyKeyRepository {
  constructor(private readonly dataSource: DataSource) {}

  async execute(
    scope: AccountScope,
    key: string,
    requestHash: string,
    work: (transaction: UnitOfWork) => Promise<StoredResponse>,
  ): Promise<IdempotentResult> {
    return this.dataSource.transaction(async (manager) => {
      const claimed = await this.claim(manager, scope, key, requestHash);
      if (claimed.outcome !== 'claimed') return claimed;
      const response = await work(unitOfWork(manager));
      await manager.query(`UPDATE idempotency_keys SET response_status = $2, response_body = $3::jsonb WHERE id = $1`, [
        claimed.id,
        response.status,
        JSON.stringify(response.body),
      ]);
      return { outcome: 'executed', response };
    });
  }

  /**
   * What a key already answers, without claiming it: the stored response, a mismatch, or null
   * when the key is unused or expired. Lets a caller skip its checks for a replay; `execute`
   * decides again under the lock.
   */
  async lookup(scope: AccountScope, key: string, requestHash: string): Promise<Exclude<IdempotentResult, { outcome: 'executed' }> | null> {
    const [existing] = await queryRows<KeyRow>(this.dataSource, `${SELECT_KEY}`, [scope.accountId, key, IDEMPOTENCY_KEY_TTL_HOURS]);
    return existing && existing.fresh ? judge(existing, requestHash) : null;
  }

  private async claim(
    manager: EntityManager,
    scope: AccountScope,
    key: string,
    requestHash: string,
  ): Promise<{ outcome: 'claimed'; id: string } | Exclude<IdempotentResult, { outcome: 'executed' }>> {
    for (;;) {
      const [inserted] = await queryRows<{ id: string }>(
        manager,
        `INSERT INTO idempotency_keys (account_id, key, request_hash) VALUES ($1, $2, $3)
         ON CONFLICT (account_id, key) DO NOTHING RETURNING id`,
        [scope.accountId, key, requestHash],
      );
      if (inserted) return { outcome: 'claimed', id: inserted.id };
      const [existing] = await queryRows<KeyRow>(manager, `${SELECT_KEY} FOR UPDATE`, [scope.accountId, key, IDEMPOTENCY_KEY_TTL_HOURS]);
      // Gone between the two statements (expired and removed by another request): claim again.
      if (!existing) continue;
      if (!existing.fresh) {
        await manager.query(`DELETE FROM idempotency_keys WHERE id = $1`, [existing.id]);
        continue;
      }
      return judge(existing, requestHash);
    }
  }
}

const SELECT_KEY = `SELECT id, request_hash, response_status, response_body,
       created_at > now() - make_interval(hours => $3) AS fresh
FROM idempotency_keys WHERE account_id = $1 AND key = $2`;

function judge(existing: KeyRow, requestHash: string): Exclude<IdempotentResult, { outcome: 'executed' }> {
  if (existing.request_hash !== requestHash) return { outcome: 'mismatch' };
  // A row is only ever committed with its response (see the class comment), so a visible row has one.
  return { outcome: 'replayed', response: { status: existing.response_status ?? 201, body: existing.response_body } };
}
