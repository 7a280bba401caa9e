import fc from 'fast-check';
import { responseJson } from './response-json';

const textOf = (body: string | Buffer): string => (typeof body === 'string' ? body : body.toString('utf8'));
const resources = (count: number): object[] =>
  Array.from({ length: count }, (_, index) => ({
    id: `c${index}`,
    type: 'container',
    attributes: { number: `MSCU${index}`, at: null, note: 'Größe ✓ 🚢' },
  }));

describe('responseJson', () => {
  it.each([
    ['a document whose arrays are short, as JSON.stringify’s string', { data: resources(3), meta: { size: 3, total: 3 } }, 'string'],
    [
      'a small page of more than one part, as a string',
      { data: resources(40), links: { self: '/v2/containers' }, meta: { size: 40, total: 900 } },
      'string',
    ],
    ['a large page, as bytes', { data: resources(900), links: { self: '/v2/containers' }, meta: { size: 900, total: 900 } }, 'bytes'],
    ['primary data and included both split', { data: resources(170), included: resources(733) }, 'bytes'],
    [
      'a long array first, members without JSON text left out',
      { included: resources(900), skipped: undefined, fn: () => 1, data: null },
      'bytes',
    ],
    ['the same, small', { included: resources(20), skipped: undefined, fn: () => 1, data: null }, 'string'],
    ['a top-level array, stringified whole', resources(50), 'string'],
    ['null', null, 'string'],
    ['an object with its own toJSON, stringified whole', { data: resources(30), toJSON: () => ({ replaced: true }) }, 'string'],
    ['an error document', { errors: [{ status: '404', title: 'Not Found' }] }, 'string'],
  ])('writes %s', (_name, value, kind) => {
    const body = responseJson(value);
    expect(typeof body === 'string' ? 'string' : 'bytes').toBe(kind);
    expect(textOf(body)).toBe(JSON.stringify(value));
  });

  it('counts bytes, not characters, where the text is not ASCII', () => {
    const value = { data: resources(900) };
    const body = responseJson(value);
    expect(Buffer.isBuffer(body)).toBe(true);
    expect((body as Buffer).length).toBe(Buffer.byteLength(JSON.stringify(value)));
  });

  it('always writes what JSON.stringify writes', () => {
    const text = fc.string({ unit: 'binary', minLength: 50, maxLength: 100 }).map((piece) => piece.repeat(30));
    const member = fc.oneof(
      fc.jsonValue({ maxDepth: 3 }),
      fc.array(fc.jsonValue({ maxDepth: 2 }), { minLength: 15, maxLength: 60 }),
      fc.array(text, { minLength: 17, maxLength: 40 }),
      fc.constant(undefined),
    );
    fc.assert(
      fc.property(fc.dictionary(fc.string({ unit: 'binary' }), member), (value) => {
        expect(textOf(responseJson(value))).toBe(JSON.stringify(value));
      }),
      // Each run may write some 100 K characters twice over.
      { numRuns: 30 },
    );
  });
});
