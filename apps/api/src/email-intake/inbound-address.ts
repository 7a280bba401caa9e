const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The address an account forwards documents to (docs/documents.md "Email submissions"). */
export function inboundAddressOf(accountId: string, domain: string): string {
  return `${accountId}@${domain.toLowerCase()}`;
}

/** The account id an inbound recipient names, or null when it is not an address of ours. */
export function accountIdOfRecipient(address: string, domain: string): string | null {
  const at = address.lastIndexOf('@');
  if (at < 1) return null;
  const local = address.slice(0, at).toLowerCase();
  const host = address.slice(at + 1).toLowerCase();
  if (host !== domain.toLowerCase()) return null;
  return UUID.test(local) ? local : null;
}
