import type { CarrierAdapter, RailAdapter, SourceQuotaReading, TerminalAdapter } from '@quayside/carriers';
import type { TrackingSource } from '@quayside/domain';
import type { TimeScale } from './time-scale';

/**
 * The adapters the tracker asks, by carrier SCAC, terminal FIRMS code and rail SCAC. An
 * abstract class so Nest can inject it by type and tests can hand in their own.
 */
export abstract class TrackingAdapters {
  /** The ocean carrier's adapter, null when no adapter is configured for it. */
  abstract carrier(scac: string): CarrierAdapter | null;
  /** Null when no adapter serves the terminal: its data then stays absent (docs/architecture.md). */
  abstract terminal(firmsCode: string): TerminalAdapter | null;
  abstract rail(scac: string): RailAdapter | null;
  /** How fast time runs for this carrier's shipments (compressed for the sandbox). */
  abstract timeScale(scac: string): TimeScale;
  /** Every carrier, terminal and rail carrier these adapters answer for (registered at start-up, docs/carriers.md). */
  abstract sources(): readonly TrackingSource[];
  /** The carrier's `requestsPerMinute` for the whole fleet; null when it has none. */
  requestsPerMinute(_scac: string): number | null {
    return null;
  }

  /** What each limited source's quota holds now, for every worker together (none unless the adapters keep quotas). */
  quotaUsage(): Promise<SourceQuotaReading[]> {
    return Promise.resolve([]);
  }
}
