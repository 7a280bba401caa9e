import type { FeeType, HoldName, HoldStatus } from '../enums/holds-and-fees.enum';
import type { UtcTimestamp } from './common';

export interface Hold {
  name: HoldName;
  status: HoldStatus;
  description: string | null;
}

/** `currency` as docs/containers.md names it (the established API's `currency_code` loses). */
export interface Fee {
  type: FeeType;
  amount: number;
  currency: string;
  /** The source's own words for the fee (e.g. `CTF: Clean Truck Fund`); always set on `other`. Absent on fees stored before it existed. */
  description?: string | null;
}

export interface ImportDeadlines {
  pickup_lfd_line: UtcTimestamp | null;
  pickup_lfd_terminal: UtcTimestamp | null;
  pickup_lfd_rail: UtcTimestamp | null;
}
