import type { IanaTimeZone, ReportedFee, ReportedHold, UtcTimestamp } from '@quayside/domain';
import type { TransientFailure } from './transient-failure';

export interface TerminalLookupQuery {
  /** FIRMS code of the terminal at the port of discharge. */
  firmsCode: string;
  containerNumbers: string[];
  /** Same value on every call for one tracking request (its `created_at`); sandbox scenarios play from here. */
  trackingSince: Date;
  now: Date;
}

/** What one terminal says about one container. Null means "the terminal does not say". */
export interface TerminalContainerStatus {
  containerNumber: string;
  availableForPickup: boolean | null;
  /**
   * Holds and fees in the terminal's own words (names, codes, statuses as it spells them); the
   * domain normalizes them (`normalizeTerminalReport`, docs/terminal-data.md). Adapters translate
   * nothing: a released hold may be listed with its status, an unknown code passed as is.
   */
  reportedHolds: ReportedHold[];
  reportedFees: ReportedFee[];
  pickupLfdTerminal: UtcTimestamp | null;
  pickupAppointmentAt: UtcTimestamp | null;
  locationAtPodTerminal: string | null;
  fullOutAt: UtcTimestamp | null;
  dischargedAt: UtcTimestamp | null;
  /** IANA zone of the terminal, for the timestamps above. */
  timezone: IanaTimeZone | null;
  /** When the terminal was asked. */
  checkedAt: UtcTimestamp;
}

/** Containers the terminal does not know are left out of `containers`. */
export type TerminalLookupResult = { outcome: 'found'; containers: TerminalContainerStatus[] } | TransientFailure;

export interface TerminalAdapter {
  /** Throws `SourceBackoffError` while the terminal is paused or its quota spent: it was not asked (docs/carriers.md, "Limits"). */
  lookup(query: TerminalLookupQuery): Promise<TerminalLookupResult>;
}
