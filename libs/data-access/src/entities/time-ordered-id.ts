import { v7 } from 'uuid';

/**
 * The id of a row appended by the hot paths (milestones, events, raw reports, notifications):
 * a UUID version 7 (RFC 9562), whose first 48 bits are the time of its making in milliseconds,
 * so rows made later sort later. Each insert lands on the right-hand edge of the primary key
 * (and of `events.dedupe_key`, which starts with the object's id), a page every writer holds in
 * memory, where a random id (version 4) landed on any of the index's leaf pages: at a million
 * containers, one more page to read from the disk and one more full-page image in the WAL per
 * row (bench/README.md, "Time-ordered ids"). Still a UUID: clients see the same type and shape.
 * Each id keeps 42 random bits of its own; the other 32 count up, within a millisecond, from a
 * random start (the package's monotonic method), which is what keeps ids made in one
 * millisecond in order. No id here is a secret: every read is scoped by the account's key.
 */
export function timeOrderedId(): string {
  return v7();
}
