export type AuthorizationHeader =
  { kind: 'token'; key: string } | { kind: 'missing' } | { kind: 'other-scheme'; scheme: string } | { kind: 'malformed' };

/**
 * Reads `Authorization: Token <API_KEY>` (docs/json-api.md). The scheme is matched without
 * regard to case, as HTTP auth schemes are; the key must be the only thing after it.
 */
export function parseAuthorizationHeader(value: string | string[] | undefined): AuthorizationHeader {
  if (value === undefined) return { kind: 'missing' };
  if (Array.isArray(value)) return { kind: 'malformed' };
  const trimmed = value.trim();
  if (trimmed === '') return { kind: 'missing' };
  const match = /^(\S+)(?:\s+(.*))?$/.exec(trimmed);
  const scheme = match?.[1] ?? '';
  if (scheme.toLowerCase() !== 'token') return { kind: 'other-scheme', scheme };
  const key = match?.[2]?.trim() ?? '';
  if (key === '' || /\s/.test(key)) return { kind: 'malformed' };
  return { kind: 'token', key };
}
