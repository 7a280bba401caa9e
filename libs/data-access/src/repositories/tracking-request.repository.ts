import { Injectable } from '@nestjs/common';
import { rowEventKey } from '@quayside/domain';
import type { RequestType, TrackingRequest, TrackingRequestStatus } from '@quayside/domain';
import { DataSource } from 'typeorm';
import { managerOf } from '../database/unit-of-work';
import type { UnitOfWork } from '../database/unit-of-work';
import type { EntityManager } from 'typeorm';
import { TrackingRequestEntity } from '../entities/tracking-request.entity';
import type { AccountScope } from './account-scope';
import { AccountScopedRepository } from './account-scoped.repository';
import type { CustomFieldMatch, Page, PageOf, TimeRange } from './list-page';
import { ListTotals } from './list-totals';
import { containsPattern, listPage, whereCustomFields, whereInRange } from './list-page';
import { OutboxCommitSubscriber } from './outbox-commit.subscriber';
import { OutboxRepository } from './outbox.repository';
import { queryRows } from './query-rows';

/** The statuses the partial unique index `TRACKING_REQUEST_ACTIVE_UNIQUE_INDEX` covers. */
export const ACTIVE_TRACKING_REQUEST_STATUSES: readonly TrackingRequestStatus[] = ['pending', 'awaiting_manifest', 'succeeded'];

export interface NewTrackingRequest {
  request_number: string;
  request_type: RequestType;
  scac: string;
  ref_numbers: string[];
  tags: string[];
  /** A party of the same account (checked by the caller), or null. */
  customer_id: string | null;
}

/** Where the outbox row that starts tracking goes (the queue contract lives above this lib). */
export interface OutboxJobName {
  queue: string;
  jobName: string;
}

export interface CreateTrackingRequestJobs {
  /** The job that asks the carrier: payload `{trackingRequestId}`. */
  track: OutboxJobName;
  /** The job that turns a stored event into webhook notifications: payload `{eventId}`. */
  fanOut: OutboxJobName;
}

/**
 * `accepted`: stored `pending` with its tracker job. `duplicate`: the account already has an
 * active request for the number, type and SCAC (`duplicateOf`); this one is stored `failed`
 * with `failed_reason: duplicate` and `tracking_request.failed` is emitted.
 */
export type CreatedTrackingRequest =
  { outcome: 'accepted'; request: TrackingRequest } | { outcome: 'duplicate'; request: TrackingRequest; duplicateOf: TrackingRequest };

export interface TrackingRequestFilters {
  /** Matches the request number or any reference number (case-insensitive substring). */
  q?: string;
  request_number?: string;
  status?: readonly TrackingRequestStatus[];
  scac?: string;
  created_at?: TimeRange;
  updated_at?: TimeRange;
  custom_fields?: readonly CustomFieldMatch[];
}

export interface TrackingRequestChanges {
  ref_numbers?: string[];
  tags?: string[];
  /** A party of the same account (checked by the caller); null unlinks the customer. */
  customer_id?: string | null;
}

export function toTrackingRequest(row: TrackingRequestEntity): TrackingRequest {
  return {
    id: row.id,
    account_id: row.account_id,
    request_number: row.request_number,
    request_type: row.request_type,
    scac: row.scac,
    ref_numbers: [...row.ref_numbers],
    tags: [...row.tags],
    shipment_tags: [...row.tags],
    status: row.status,
    failed_reason: row.failed_reason,
    is_retrying: row.is_retrying,
    retry_count: row.retry_count,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    tracked_object_id: row.tracked_object_id,
    customer_id: row.customer_id ?? null,
  };
}

// A duplicate whose original left the active statuses between our insert and our read is
// inserted again; twice more is plenty for a row that can only move forward.
const CREATE_ATTEMPTS = 3;

/** Tracking requests of an account: the api's reads and writes (the tracker has its own). */
@Injectable()
export class TrackingRequestRepository extends AccountScopedRepository<TrackingRequestEntity> {
  constructor(
    dataSource: DataSource,
    private readonly outbox: OutboxRepository,
    private readonly totals: ListTotals,
  ) {
    super(dataSource, TrackingRequestEntity, 'tracking_request');
  }

  /**
   * Stores a request and the tracker's outbox row in one transaction (a savepoint when
   * `manager` is already in one), so an accepted request is never lost even when Redis is
   * away. The partial unique index decides duplicates, so two concurrent creates of the same
   * number cannot both be accepted.
   */
  async create(
    scope: AccountScope,
    input: NewTrackingRequest,
    jobs: CreateTrackingRequestJobs,
    transaction?: UnitOfWork,
  ): Promise<CreatedTrackingRequest> {
    return (transaction ? managerOf(transaction) : this.dataSource.manager).transaction(async (tx) => {
      for (let attempt = 0; attempt < CREATE_ATTEMPTS; attempt += 1) {
        const accepted = await this.insertUnlessActive(tx, scope, input);
        if (accepted) {
          await this.outbox.enqueue(tx, {
            queue: jobs.track.queue,
            jobName: jobs.track.jobName,
            payload: { trackingRequestId: accepted.id },
            accountId: scope.accountId,
          });
          return { outcome: 'accepted', request: toTrackingRequest(accepted) };
        }
        const original = await this.findActive(tx, scope, input);
        if (original) {
          const duplicate = await this.insertDuplicate(tx, scope, input, original, jobs.fanOut);
          return { outcome: 'duplicate', request: toTrackingRequest(duplicate), duplicateOf: toTrackingRequest(original) };
        }
      }
      throw new Error('tracking request neither inserted nor found active; the active set kept changing');
    });
  }

  /** The account's active request for this number, type and SCAC, if any. */
  async findActiveFor(
    scope: AccountScope,
    key: Pick<NewTrackingRequest, 'request_number' | 'request_type' | 'scac'>,
  ): Promise<TrackingRequest | null> {
    const row = await this.findActive(this.dataSource.manager, scope, key);
    return row ? toTrackingRequest(row) : null;
  }

  async findOwnedRequest(scope: AccountScope, id: string): Promise<TrackingRequest> {
    return toTrackingRequest(await this.findOwned(scope, id));
  }

  /** A page of the account's requests, oldest first by `(created_at, id)` (the list index). */
  async list(scope: AccountScope, filters: TrackingRequestFilters, page: Page): Promise<PageOf<TrackingRequest>> {
    const query = this.scoped(scope, 'tr');
    if (filters.q !== undefined && filters.q !== '') {
      query.andWhere(
        `(tr.request_number ILIKE :q ESCAPE '\\' OR EXISTS (SELECT 1 FROM unnest(tr.ref_numbers) AS ref WHERE ref ILIKE :q ESCAPE '\\'))`,
        { q: containsPattern(filters.q) },
      );
    }
    if (filters.request_number !== undefined)
      query.andWhere('tr.request_number = :requestNumber', { requestNumber: filters.request_number });
    if (filters.status !== undefined) query.andWhere('tr.status IN (:...statuses)', { statuses: [...filters.status] });
    if (filters.scac !== undefined) query.andWhere('tr.scac = :scac', { scac: filters.scac });
    whereInRange(query, 'tr.created_at', 'created', filters.created_at);
    whereInRange(query, 'tr.updated_at', 'updated', filters.updated_at);
    whereCustomFields(query, 'tr', filters.custom_fields);
    const result = await listPage(query, 'tr', page, this.totals);
    return { ...result, rows: result.rows.map(toTrackingRequest) };
  }

  /** Replaces the reference numbers and/or tags of one of the caller's requests. */
  async update(scope: AccountScope, id: string, changes: TrackingRequestChanges): Promise<TrackingRequest> {
    await this.findOwned(scope, id);
    const values: Partial<Pick<TrackingRequestEntity, 'ref_numbers' | 'tags' | 'customer_id'>> = {};
    if (changes.ref_numbers !== undefined) values.ref_numbers = changes.ref_numbers;
    if (changes.tags !== undefined) values.tags = changes.tags;
    if (changes.customer_id !== undefined) values.customer_id = changes.customer_id;
    if (Object.keys(values).length > 0) await this.repository().update({ id, account_id: scope.accountId }, values);
    return this.findOwnedRequest(scope, id);
  }

  private async insertUnlessActive(
    tx: EntityManager,
    scope: AccountScope,
    input: NewTrackingRequest,
  ): Promise<TrackingRequestEntity | null> {
    const rows = await queryRows<TrackingRequestEntity>(
      tx,
      `INSERT INTO tracking_requests (account_id, request_number, request_type, scac, ref_numbers, tags, customer_id)
       VALUES ($1, $2, $3, $4, $5::text[], $6::text[], $7)
       ON CONFLICT (account_id, request_number, request_type, scac) WHERE status IN (${activeList()}) DO NOTHING
       RETURNING *`,
      [scope.accountId, input.request_number, input.request_type, input.scac, input.ref_numbers, input.tags, input.customer_id],
    );
    return rows[0] ?? null;
  }

  private async findActive(
    tx: EntityManager,
    scope: AccountScope,
    key: Pick<NewTrackingRequest, 'request_number' | 'request_type' | 'scac'>,
  ): Promise<TrackingRequestEntity | null> {
    return this.scoped(scope, 'tr', tx)
      .andWhere('tr.request_number = :number AND tr.request_type = :type AND tr.scac = :scac', {
        number: key.request_number,
        type: key.request_type,
        scac: key.scac,
      })
      .andWhere('tr.status IN (:...active)', { active: [...ACTIVE_TRACKING_REQUEST_STATUSES] })
      .getOne();
  }

  /**
   * The second request is kept (the client sees what became of it) as failed `duplicate`,
   * pointing at the original's shipment when there is one; its `tracking_request.failed`
   * event and fan-out row are written in the same transaction, as the tracker writes events.
   */
  private async insertDuplicate(
    tx: EntityManager,
    scope: AccountScope,
    input: NewTrackingRequest,
    original: TrackingRequestEntity,
    fanOut: OutboxJobName,
  ): Promise<TrackingRequestEntity> {
    const [row] = await queryRows<TrackingRequestEntity>(
      tx,
      `INSERT INTO tracking_requests (account_id, request_number, request_type, scac, ref_numbers, tags, status, failed_reason, tracked_object_id, customer_id)
       VALUES ($1, $2, $3, $4, $5::text[], $6::text[], 'failed', 'duplicate', $7, $8)
       RETURNING *`,
      [
        scope.accountId,
        input.request_number,
        input.request_type,
        input.scac,
        input.ref_numbers,
        input.tags,
        original.tracked_object_id,
        input.customer_id,
      ],
    );
    const duplicate = row!;
    const payload = {
      status: duplicate.status,
      failed_reason: duplicate.failed_reason,
      request_number: duplicate.request_number,
      request_type: duplicate.request_type,
      scac: duplicate.scac,
    };
    await queryRows(
      tx,
      `WITH inserted AS (
         INSERT INTO events (account_id, name, reference_object_type, reference_object_id, shipment_id, tracking_request_id, payload, occurred_at, dedupe_key)
         VALUES ($1, 'tracking_request.failed', 'tracking_request', $2, $3, $2, $4::jsonb, now(), $7)
         RETURNING id, account_id, created_at
       )
       INSERT INTO outbox (queue, job_name, payload, account_id, available_at)
       SELECT $5, $6, jsonb_build_object('eventId', id), account_id, created_at FROM inserted`,
      [
        scope.accountId,
        duplicate.id,
        original.tracked_object_id,
        JSON.stringify(payload),
        fanOut.queue,
        fanOut.jobName,
        rowEventKey(duplicate.id, 'tracking_request.failed'),
      ],
    );
    OutboxCommitSubscriber.rowsAdded(tx);
    return duplicate;
  }
}

function activeList(): string {
  return ACTIVE_TRACKING_REQUEST_STATUSES.map((status) => `'${status}'`).join(', ');
}
