import fc from 'fast-check';
import { bodyTextProblem, findBodyProblem, isStorableText, pathProblem, queryProblem } from './storable-text';

const findUnstorableMember = (body: unknown): string | undefined => findBodyProblem(body)?.pointer;

describe('storable text', () => {
  it.each<[string, string, boolean]>([
    ['plain text', 'ACME Logistics', true],
    ['accents and emoji', 'Zoë 🚢 港', true],
    ['a NUL', 'a\u0000b', false],
    ['a lone high surrogate', 'a\ud800b', false],
    ['a lone low surrogate', '\udc00', false],
    ['a surrogate pair', '\ud83d\udea2', true],
  ])('%s → storable %s', (_label, text, storable) => {
    expect(isStorableText(text)).toBe(storable);
  });

  it.each<[string, unknown, string | undefined]>([
    ['a clean document', { data: { type: 'party', attributes: { company_name: 'ACME' } } }, undefined],
    ['NUL in an attribute', { data: { attributes: { company_name: 'A\u0000' } } }, '/data/attributes/company_name'],
    ['NUL in a list item', { data: { attributes: { tags: ['ok', 'b\u0000'] } } }, '/data/attributes/tags/1'],
    ['NUL in a member name', { data: { attributes: { 'x\u0000': 1 } } }, '/data/attributes/x\u0000'],
    ['a name that needs escaping', { data: { 'a/b~c': '\u0000' } }, '/data/a~1b~0c'],
    ['a root string', '\u0000', ''],
  ])('%s → %s', (_label, body, pointer) => {
    expect(findUnstorableMember(body)).toBe(pointer);
  });

  it.each(['constructor', 'prototype'])('refuses the reserved member name %s anywhere in the body (422 at it)', (name) => {
    const error = bodyTextProblem({ data: { attributes: { role: { [name]: 'x' } } } });
    expect(error?.kind).toBe('unprocessable');
    expect(error?.errors[0]?.source).toEqual({ pointer: `/data/attributes/role/${name}` });
    expect(error?.code).toBe('reserved_member');
  });

  it('answers 422 pointing at the member', () => {
    const error = bodyTextProblem({ data: { attributes: { name: 'k\u0000' } } });
    expect(error?.kind).toBe('unprocessable');
    expect(error?.errors[0]?.source).toEqual({ pointer: '/data/attributes/name' });
  });

  it.each<[string, Record<string, unknown>, string | undefined]>([
    ['plain parameters', { include: 'shipment', 'page[size]': '10' }, undefined],
    ['an array form', { 'include[]': 'shipment' }, 'include[]'],
    ['a repeated parameter', { include: ['a', 'b'] }, 'include'],
    ['NUL in a value', { 'filter[number]': '\u0000' }, 'filter[number]'],
    ['NUL in a name', { 'a\u0000': 'x' }, '"a\\u0000"'],
  ])('query with %s → 400 naming %s', (_label, query, parameter) => {
    const error = queryProblem(query);
    expect(error?.kind).toBe(parameter === undefined ? undefined : 'bad_request');
    expect(error?.errors[0]?.source?.parameter).toBe(parameter);
  });

  it('refuses a path segment with NUL', () => {
    expect(pathProblem({ id: '\u0000' })?.kind).toBe('bad_request');
    expect(pathProblem({ id: 'c1b8520d-c876-461a-acb9-4cf0a83bfbf8' })).toBeUndefined();
  });

  it('finds an unstorable string wherever it is put in any JSON value', () => {
    fc.assert(
      // fast-check likes member names such as `constructor`: those are refused for another reason.
      fc.property(
        fc.jsonValue({ maxDepth: 4 }).filter((value) => !/"(?:constructor|prototype|__proto__)":/.test(JSON.stringify(value))),
        fc.nat(),
        (value, seed) => {
          const paths: (string | number)[][] = [];
          const collect = (node: unknown, path: (string | number)[]): void => {
            paths.push(path);
            if (typeof node === 'object' && node !== null)
              for (const [key, item] of Object.entries(node)) collect(item, [...path, Array.isArray(node) ? Number(key) : key]);
          };
          const clean = JSON.parse(JSON.stringify(value).replace(/\\u0000/g, '')) as unknown;
          expect(findUnstorableMember(clean)).toBeUndefined();
          collect(clean, []);
          const path = paths[seed % paths.length]!;
          const poisoned = structuredClone<unknown>(clean);
          const set = (root: unknown, at: (string | number)[]): unknown => {
            if (at.length === 0) return 'x\u0000';
            const [head, ...rest] = at;
            (root as Record<string | number, unknown>)[head!] = set((root as Record<string | number, unknown>)[head!], rest);
            return root;
          };
          const result = set(poisoned, path);
          expect(findUnstorableMember(result)).toBeDefined();
        },
      ),
    );
  });
});
