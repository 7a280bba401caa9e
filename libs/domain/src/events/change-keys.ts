/**
 * Identities of stored events (docs/architecture.md, "Invariants"). An event is keyed by what
 * changed — its object, its kind and the new value — never by when it was observed, and a
 * unique index refuses a second copy. The object's change version (how many of the tracker's
 * writes have changed it so far) tells a real return to an earlier value (a hold placed,
 * released and placed again) from the same change stored twice.
 */

/** JSON with object keys sorted, so equal values always read the same. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/**
 * A short fingerprint of a value (cyrb53: 53 bits, pure arithmetic, so the domain stays free
 * of platform APIs). It only ever separates values within one object, kind and version.
 */
export function valueDigest(value: unknown): string {
  const text = canonicalJson(value);
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16);
}

/** The identity of a value change stored as a transport event (a last free day, availability). */
export function valueChangeIdentity(event: string, place: string | null, value: unknown, version: number): string {
  return `${event}|${place ?? ''}|${valueDigest(value)}|v${version}`;
}

/** The key of a state-change event: the object, the event, the new value and the object's version. */
export function changeEventKey(objectId: string, event: string, value: unknown, version: number): string {
  return `${objectId}|${event}|${valueDigest(value)}|v${version}`;
}

/** The key of an event that exists once per stored row (a milestone's transport event, a new container). */
export function rowEventKey(objectId: string, event: string): string {
  return `${objectId}|${event}`;
}
