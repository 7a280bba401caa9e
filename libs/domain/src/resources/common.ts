/** An instant as ISO 8601 in UTC (`2026-08-14T09:30:00.000Z`); its local zone travels in a sibling field. */
export type UtcTimestamp = string;
/** An IANA time zone name, e.g. `America/Los_Angeles`. */
export type IanaTimeZone = string;
/** A UUID string. */
export type Id = string;
