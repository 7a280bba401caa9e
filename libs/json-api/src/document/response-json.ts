/** Elements of a long top-level array written by one `JSON.stringify` call. */
const ELEMENTS_PER_PART = 16;
/**
 * Below this many characters a text is one string still: V8 keeps a string of up to 128 KB among
 * the young objects, 64 K characters even when each takes two bytes, and sending a string that
 * size costs less than allocating and freeing a buffer for it (a 62 KB page: 0.1 ms less).
 */
const LARGE_TEXT = 64 * 1024;

/**
 * The JSON text of a response body, byte for byte what `JSON.stringify(value)` writes: as a
 * string, or, for a large plain object with a long array member (a page of resources,
 * `included`), as its UTF-8 bytes written part by part.
 *
 * Why the parts: V8 builds `JSON.stringify`'s result as a rope, and the first thing that reads
 * it whole (the `content-length`, the socket write) flattens it into one new string. Past about
 * 128 K characters that string goes to the large-object space, fresh pages each time: for a
 * 176 KB `GET /v2/shipments?include=containers` page the flattening cost more than the
 * stringify itself (1.1 ms against 0.7 ms) and grew the old generation by the page on every
 * request. Parts of 16 resources each stay small and are copied once, into the bytes sent.
 *
 * `toJSON` is honoured as `JSON.stringify` does, except that one on an element of a split array
 * is given its index within its part; an object with its own `toJSON` is stringified whole.
 */
export function responseJson(value: unknown): string | Buffer {
  if (!isPlainObject(value) || !Object.values(value).some(isLong)) return JSON.stringify(value);
  const parts: string[] = [];
  for (const key of Object.keys(value)) {
    const member = value[key];
    if (isLong(member)) {
      parts.push(`${parts.length === 0 ? '{' : ','}${JSON.stringify(key)}:`);
      for (let start = 0; start < member.length; start += ELEMENTS_PER_PART) {
        const text = JSON.stringify(member.slice(start, start + ELEMENTS_PER_PART));
        parts.push(`${start === 0 ? '[' : ','}${text.slice(1, -1)}`);
      }
      parts.push(']');
      continue;
    }
    const text = JSON.stringify(member) as string | undefined;
    // Members JSON has no text for (undefined, functions, symbols) are left out, as JSON.stringify does.
    if (text !== undefined) parts.push(`${parts.length === 0 ? '{' : ','}${JSON.stringify(key)}:${text}`);
  }
  parts.push('}');
  let characters = 0;
  for (const part of parts) characters += part.length;
  if (characters < LARGE_TEXT) return parts.join('');
  let length = 0;
  for (const part of parts) length += Buffer.byteLength(part);
  const bytes = Buffer.allocUnsafe(length);
  let offset = 0;
  for (const part of parts) offset += bytes.write(part, offset);
  return bytes;
}

function isLong(member: unknown): member is unknown[] {
  return Array.isArray(member) && member.length > ELEMENTS_PER_PART;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return (prototype === Object.prototype || prototype === null) && typeof (value as { toJSON?: unknown }).toJSON !== 'function';
}
