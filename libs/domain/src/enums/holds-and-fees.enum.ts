/** Hold names exactly as docs/containers.md writes them (case-sensitive: USDA, VACIS, TMF upper case). */
export const HOLD_NAMES = ['freight', 'customs', 'USDA', 'VACIS', 'TMF', 'other'] as const;
export type HoldName = (typeof HOLD_NAMES)[number];

/** A cleared hold is removed from the array; there is deliberately no `released` status. */
export const HOLD_STATUSES = ['hold', 'pending'] as const;
export type HoldStatus = (typeof HOLD_STATUSES)[number];

/** `total` may sit beside the individual fees; sums must leave it out. */
export const FEE_TYPES = ['demurrage', 'extended_dwell_time', 'exam', 'total', 'other'] as const;
export type FeeType = (typeof FEE_TYPES)[number];
