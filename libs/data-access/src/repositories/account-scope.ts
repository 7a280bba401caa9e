/**
 * The caller's account, resolved once per request by authentication. Every repository method
 * that touches tenant-owned rows takes one, so a query without an account cannot be written.
 */
export interface AccountScope {
  readonly accountId: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are uuids; anything else can only be "not found" and must not reach Postgres as a uuid cast. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
