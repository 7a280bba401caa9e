import { Injectable, Logger } from '@nestjs/common';
import { IDEMPOTENCY_KEY_TTL_HOURS, RETAINED_RECORDS, RetentionRepository } from '@quayside/data-access';
import type { RetainedRecord } from '@quayside/data-access';
import { ObjectStorage } from '@quayside/platform';
import { TrackerWorkerConfig } from '../config/tracker-worker.config';

/** Rows deleted per kind by one run, and whether a kind has more past its retention than one run takes. */
export interface PruneResult {
  deleted: Partial<Record<RetainedRecord, number>>;
  unfinished: RetainedRecord[];
}

const HOUR_MS = 3600 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** Past its replay window a key only waits to be replaced; an hour more is kept for clocks that differ. */
const IDEMPOTENCY_KEY_KEPT_MS = (IDEMPOTENCY_KEY_TTL_HOURS + 1) * HOUR_MS;
/**
 * A carrier's kept answer for a number nobody asks by any more goes a day after it was asked: the
 * day covers a poll whose shipment is not yet stored as asking by it (a booking's first answer by
 * its bill of lading). Removing one never changes an answer; a push for its number polls instead.
 */
const POLLED_ANSWER_KEPT_MS = DAY_MS;

/**
 * Deletes what is past its retention (docs/deploy.md "Retention"), kind by kind, in batches of
 * RETENTION_BATCH_SIZE rows, each its own short transaction, at most RETENTION_MAX_BATCHES per
 * kind and run. A document's bytes are deleted after its row: a failure between leaves bytes no
 * row names, never a document without its file (as `DELETE /documents/{id}` does).
 */
@Injectable()
export class PruneRetentionUseCase {
  private readonly logger = new Logger('Retention');

  constructor(
    private readonly retention: RetentionRepository,
    private readonly storage: ObjectStorage,
    private readonly config: TrackerWorkerConfig,
  ) {}

  async execute(now: Date): Promise<PruneResult> {
    const result: PruneResult = { deleted: {}, unfinished: [] };
    for (const record of RETAINED_RECORDS) {
      const keptMs = this.keptMs(record);
      if (keptMs === 0) continue;
      const before = new Date(now.getTime() - keptMs);
      let deleted = 0;
      let batches = 0;
      let resumeAfter: string | null = null;
      for (;;) {
        const batch = await this.retention.pruneBatch(record, before, this.config.RETENTION_BATCH_SIZE, resumeAfter);
        resumeAfter = batch.resumeAfter;
        for (const key of batch.storageKeys) await this.storage.delete(key);
        deleted += batch.deleted;
        batches += 1;
        if (batch.deleted < this.config.RETENTION_BATCH_SIZE) break;
        if (batches >= this.config.RETENTION_MAX_BATCHES) {
          result.unfinished.push(record);
          break;
        }
      }
      if (deleted > 0) {
        result.deleted[record] = deleted;
        this.logger.log(`${record}: ${deleted} deleted (older than ${before.toISOString()})`);
      }
    }
    return result;
  }

  /** How long each kind is kept, from its setting in days; 0 keeps for ever. */
  private keptMs(record: RetainedRecord): number {
    switch (record) {
      case 'webhook_notifications':
        return this.config.RETENTION_WEBHOOK_NOTIFICATIONS_DAYS * DAY_MS;
      case 'events':
        return this.config.RETENTION_EVENTS_DAYS * DAY_MS;
      case 'raw_events':
        return this.config.RETENTION_RAW_EVENTS_DAYS * DAY_MS;
      case 'shipments':
        return this.config.RETENTION_STOPPED_SHIPMENTS_DAYS * DAY_MS;
      case 'documents':
        return this.config.RETENTION_DOCUMENTS_DAYS * DAY_MS;
      case 'idempotency_keys':
        return IDEMPOTENCY_KEY_KEPT_MS;
      case 'dcsa_pushed_events':
        return this.config.RETENTION_DCSA_PUSHED_EVENTS_DAYS * DAY_MS;
      case 'dcsa_polled_answers':
        return POLLED_ANSWER_KEPT_MS;
    }
  }
}
