import fc from 'fast-check';

/** One operation of the OpenAPI document: method, path template and its declared parameters. */
export interface Operation {
  method: string;
  path: string;
  pathParams: string[];
  queryParams: string[];
  hasBody: boolean;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, { parameters?: { name: string; in: string }[]; requestBody?: unknown }>>;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

export function operationsOf(document: OpenApiDocument): Operation[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, operation]) => ({
        method: method.toUpperCase(),
        path,
        pathParams: (operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        hasBody: operation.requestBody !== undefined || method === 'post' || method === 'patch',
      })),
  );
}

/** Strings an attacker tries first: control characters, encodings, sizes, injections, numbers. */
export const hostileString = fc.oneof(
  fc.constantFrom(
    '',
    '\u0000',
    'a\u0000b',
    '\ud800',
    '\udfff',
    '%00',
    '%',
    '%E0%A4%A',
    '..%2f..%2fetc%2fpasswd',
    "' OR 1=1 --",
    '"; DROP TABLE containers; --',
    '<script>alert(1)</script>',
    '${jndi:ldap://x}',
    '{{7*7}}',
    '__proto__',
    'constructor',
    'NaN',
    '-1',
    '0',
    '1e309',
    '9'.repeat(40),
    '2026-13-45T99:99:99Z',
    'x'.repeat(5000),
    '🚢'.repeat(300),
    '\r\nX-Injected: 1',
    'true',
    'null',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.uuid(),
);

/**
 * Percent-encodes every byte that is not unreserved, so any string reaches the server as sent;
 * a lone surrogate goes as its WTF-8 bytes (%ED%A0%80), which no UTF-8 decoder accepts.
 */
export function encode(text: string): string {
  let out = '';
  for (const char of text) {
    const point = char.codePointAt(0)!;
    if (/[A-Za-z0-9\-._~]/.test(char)) {
      out += char;
      continue;
    }
    const bytes =
      point < 0x80
        ? [point]
        : point < 0x800
          ? [0xc0 | (point >> 6), 0x80 | (point & 0x3f)]
          : point < 0x10000
            ? [0xe0 | (point >> 12), 0x80 | ((point >> 6) & 0x3f), 0x80 | (point & 0x3f)]
            : [0xf0 | (point >> 18), 0x80 | ((point >> 12) & 0x3f), 0x80 | ((point >> 6) & 0x3f), 0x80 | (point & 0x3f)];
    out += bytes.map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('');
  }
  return out;
}

/** A JSON value to put where an attribute is expected: scalars, hostile strings, nesting. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.jsonValue({ maxDepth: 3 }),
  fc.array(hostileString, { maxLength: 60 }),
  fc.dictionary(hostileString, hostileString, { maxKeys: 4 }),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, -1, 0.5, true, null),
);

/** Member names a DTO might take, and some it will not. */
export const attributeName = fc.oneof(
  fc.constantFrom(
    'name',
    'url',
    'events',
    'active',
    'headers',
    'company_name',
    'tags',
    'ref_numbers',
    'request_number',
    'request_type',
    'scac',
    'role',
    'since',
    'webhook_id',
    'event',
    'secret',
    'number',
    'shipment_tags',
    '__proto__',
    'constructor',
  ),
  hostileString,
);

export type HostileBody = { kind: 'json'; value: unknown } | { kind: 'bytes'; bytes: Buffer; contentType: string };

export function hostileBody(types: readonly string[]): fc.Arbitrary<HostileBody> {
  const document = fc.record({
    data: fc.record(
      {
        type: fc.oneof(fc.constantFrom(...types), hostileString),
        id: hostileString,
        attributes: fc.oneof(fc.dictionary(attributeName, hostileValue, { maxKeys: 6 }), hostileValue),
        relationships: fc.oneof(
          fc.record({ party: fc.record({ data: fc.record({ type: fc.constantFrom('party', 'x'), id: hostileString }) }) }),
          hostileValue,
        ),
      },
      { requiredKeys: [] },
    ),
  });
  return fc.oneof(
    document.map((value): HostileBody => ({ kind: 'json', value })),
    hostileValue.map((value): HostileBody => ({ kind: 'json', value })),
    fc
      .record({
        bytes: fc.oneof(
          fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)),
          fc.nat({ max: 3000 }).map((depth) => Buffer.from('['.repeat(depth) + ']'.repeat(depth))),
          fc.constantFrom(
            Buffer.from('{"data":'),
            Buffer.from('{"data": {"type": "x"}} trailing'),
            Buffer.from('\ufeff{}'),
            Buffer.from([0xff, 0xfe]),
          ),
        ),
        contentType: fc.constantFrom(
          'application/vnd.api+json',
          'application/json',
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
          '',
        ),
      })
      .map((raw): HostileBody => ({ kind: 'bytes', ...raw })),
  );
}
