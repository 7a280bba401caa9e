import { DomainError } from '@quayside/domain';
import fc from 'fast-check';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './page';
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
