import type { SourceKind, SourceQuotaUse } from '@quayside/domain';

/** One source's quota in use as read now (its `readAt` is the reading's time). */
export interface SourceQuotaReading {
  kind: SourceKind;
  code: string;
  quota: Omit<SourceQuotaUse, 'readAt'>;
}

/**
 * Reads the quota every worker shares, per source; the adapters provide it (they hold the quota
 * gates), so source health depends on no adapter and the adapters record into source health.
 */
export abstract class SourceQuotaReader {
  abstract read(now: Date): Promise<SourceQuotaReading[]>;
}
