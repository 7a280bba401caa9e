import type { IanaTimeZone } from '@quayside/domain';

/** UN/LOCODE → IANA zone, e.g. the worker's lookup in the ports table; null when unknown. */
export type TimeZoneLookup = (locode: string) => IanaTimeZone | null | Promise<IanaTimeZone | null>;
