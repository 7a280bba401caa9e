import { DomainError } from '@quayside/domain';
import fc from 'fast-check';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './page';
import { decodeCursor, encodeCursor } from './page-cursor';
import { parsePage } from './parse-page';

describe('parsePage', () => {
  it.each([
    ['no parameters: first page of the default size', {}, { number: 1, size: DEFAULT_PAGE_SIZE, offset: 0 }],
    ['flat keys', { 'page[number]': '3', 'page[size]': '10' }, { number: 3, size: 10, offset: 20 }],
    ['nested keys', { page: { number: '2', size: '5' } }, { number: 2, size: 5, offset: 5 }],
    ['the maximum size', { 'page[size]': String(MAX_PAGE_SIZE) }, { number: 1, size: MAX_PAGE_SIZE, offset: 0 }],
  ])('%s', (_label, query, expected) => {
    expect(parsePage(query)).toEqual(expected);
  });

  it.each([
    ['zero', { 'page[number]': '0' }, 'page[number]'],
    ['negative', { 'page[size]': '-1' }, 'page[size]'],
    ['a fraction', { 'page[number]': '1.5' }, 'page[number]'],
    ['text', { 'page[size]': 'ten' }, 'page[size]'],
    ['empty', { 'page[number]': '' }, 'page[number]'],
    ['repeated', { 'page[size]': ['5', '6'] }, 'page[size]'],
    ['absurdly large', { 'page[number]': '99999999999' }, 'page[number]'],
    ['above the maximum', { 'page[size]': String(MAX_PAGE_SIZE + 1) }, 'page[size]'],
  ])('refuses %s with 400 naming the parameter', (_label, query, parameter) => {
    expect.assertions(3);
    try {
      parsePage(query);
    } catch (error: unknown) {
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).kind).toBe('bad_request');
      expect((error as DomainError).errors[0]!.source).toEqual({ parameter });
    }
  });

  it('turns every valid page into the offset of its first row', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: 1, max: MAX_PAGE_SIZE }), (number, size) => {
        const page = parsePage({ 'page[number]': String(number), 'page[size]': String(size) });
        expect(page).toEqual({ number, size, offset: (number - 1) * size });
      }),
    );
  });
});

describe('parsePage with cursors', () => {
  const key = { at: '2026-08-14T08:00:00.123456Z', id: '6f1c1f4e-8a43-4c52-9d8e-2f6a1b7c9d01' };

  it.each([
    ['page[after] names the row to continue from', { 'page[after]': encodeCursor(key) }, { after: key }],
    ['page[before] names the row to go back from', { 'page[before]': encodeCursor(key) }, { before: key }],
    ['page[before]=end asks for the last rows', { 'page[before]': 'end' }, { before: 'end' }],
    ['nested keys', { page: { after: encodeCursor(key), size: '5' } }, { after: key, size: 5 }],
  ])('%s', (_label, query, expected) => {
    expect(parsePage(query)).toMatchObject(expected);
  });

  it.each([
    ['made up', { 'page[after]': 'not-a-cursor' }, 'page[after]'],
    ['empty', { 'page[before]': '' }, 'page[before]'],
    ['a position that is not a row key', { 'page[after]': Buffer.from('yesterday|42').toString('base64url') }, 'page[after]'],
    ['repeated', { 'page[after]': [encodeCursor(key), encodeCursor(key)] }, 'page[after]'],
    ['both directions at once', { 'page[after]': encodeCursor(key), 'page[before]': encodeCursor(key) }, 'page[before]'],
  ])('refuses a cursor %s with 400 naming the parameter', (_label, query, parameter) => {
    expect.assertions(2);
    try {
      parsePage(query);
    } catch (error: unknown) {
      expect((error as DomainError).kind).toBe('bad_request');
      expect((error as DomainError).errors[0]!.source).toEqual({ parameter });
    }
  });

  it('reads back every cursor it writes', () => {
    const instant = fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T23:59:59Z'), noInvalidDate: true });
    fc.assert(
      fc.property(instant, fc.integer({ min: 0, max: 999 }), fc.uuid(), (date, micros, id) => {
        const at = date.toISOString().replace('Z', `${String(micros).padStart(3, '0')}Z`);
        expect(decodeCursor(encodeCursor({ at, id }), 'page[after]')).toEqual({ at, id: id.toLowerCase() });
      }),
    );
  });
});
