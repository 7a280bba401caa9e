import { pageRequest } from './page';
import { encodeCursor } from './page-cursor';
import { flattenQuery, paginationLinksAndMeta } from './pagination-links';

describe('paginationLinksAndMeta', () => {
  it.each([
    {
      label: 'a middle page keeps other parameters and links every neighbour',
      query: { include: 'shipment', 'page[number]': '2', 'page[size]': '5' },
      page: pageRequest(2, 5),
      total: 12,
      links: {
        first: '/v2/containers?include=shipment&page%5Bnumber%5D=1&page%5Bsize%5D=5',
        prev: '/v2/containers?include=shipment&page%5Bnumber%5D=1&page%5Bsize%5D=5',
        self: '/v2/containers?include=shipment&page%5Bnumber%5D=2&page%5Bsize%5D=5',
        next: '/v2/containers?include=shipment&page%5Bnumber%5D=3&page%5Bsize%5D=5',
        last: '/v2/containers?include=shipment&page%5Bnumber%5D=3&page%5Bsize%5D=5',
      },
    },
    {
      label: 'the first page has no prev',
      query: {},
      page: pageRequest(1, 30),
      total: 31,
      links: {
        first: '/v2/containers?page%5Bnumber%5D=1&page%5Bsize%5D=30',
        self: '/v2/containers?page%5Bnumber%5D=1&page%5Bsize%5D=30',
        next: '/v2/containers?page%5Bnumber%5D=2&page%5Bsize%5D=30',
        last: '/v2/containers?page%5Bnumber%5D=2&page%5Bsize%5D=30',
      },
    },
    {
      label: 'an empty collection has one (empty) page',
      query: {},
      page: pageRequest(1, 30),
      total: 0,
      links: {
        first: '/v2/containers?page%5Bnumber%5D=1&page%5Bsize%5D=30',
        self: '/v2/containers?page%5Bnumber%5D=1&page%5Bsize%5D=30',
        last: '/v2/containers?page%5Bnumber%5D=1&page%5Bsize%5D=30',
      },
    },
    {
      label: 'a page past the end points back to the last page',
      query: {},
      page: pageRequest(9, 10),
      total: 25,
      links: {
        first: '/v2/containers?page%5Bnumber%5D=1&page%5Bsize%5D=10',
        prev: '/v2/containers?page%5Bnumber%5D=3&page%5Bsize%5D=10',
        self: '/v2/containers?page%5Bnumber%5D=9&page%5Bsize%5D=10',
        last: '/v2/containers?page%5Bnumber%5D=3&page%5Bsize%5D=10',
      },
    },
  ])('$label', ({ query, page, total, links }) => {
    const result = paginationLinksAndMeta({ path: '/v2/containers', query, page, total });
    expect(result.links).toEqual(links);
    expect(Object.keys(result.links)).toEqual(Object.keys(links));
    expect(result.meta).toEqual({ size: page.size, total });
  });

  it('percent-encodes values and the brackets of keys (RFC 3986: a link is a valid URI)', () => {
    const { links } = paginationLinksAndMeta({
      path: '/v2/shipments',
      query: { filter: { number: 'A&B' } },
      page: pageRequest(1, 30),
      total: 1,
    });
    expect(links.self).toBe('/v2/shipments?filter%5Bnumber%5D=A%26B&page%5Bnumber%5D=1&page%5Bsize%5D=30');
  });

  it('flattens nested and repeated query values', () => {
    expect(flattenQuery({ page: { size: '5' }, tag: ['a', 'b'], skip: undefined })).toEqual([
      ['page[size]', '5'],
      ['tag', 'a'],
      ['tag', 'b'],
    ]);
  });
});

describe('paginationLinksAndMeta for keyset lists', () => {
  const first = { at: '2026-08-14T08:00:00.000001Z', id: '00000000-0000-4000-8000-000000000001' };
  const last = { at: '2026-08-14T08:00:05.000000Z', id: '00000000-0000-4000-8000-000000000005' };
  const path = '/v2/containers';

  it.each([
    {
      label: 'the first page links forward with the last row as cursor; last asks for the end',
      page: pageRequest(1, 5),
      bounds: { first, last, hasBefore: false, hasAfter: true },
      links: {
        first: `${path}?page%5Bnumber%5D=1&page%5Bsize%5D=5`,
        self: `${path}?page%5Bnumber%5D=1&page%5Bsize%5D=5`,
        next: `${path}?page%5Bnumber%5D=2&page%5Bsize%5D=5&page%5Bafter%5D=${encodeCursor(last)}`,
        last: `${path}?page%5Bnumber%5D=3&page%5Bsize%5D=5&page%5Bbefore%5D=end`,
      },
    },
    {
      label: 'a page reached by next links both ways and keeps its own cursor in self',
      page: { ...pageRequest(2, 5), after: first },
      bounds: { first, last, hasBefore: true, hasAfter: true },
      links: {
        first: `${path}?page%5Bnumber%5D=1&page%5Bsize%5D=5`,
        prev: `${path}?page%5Bnumber%5D=1&page%5Bsize%5D=5&page%5Bbefore%5D=${encodeCursor(first)}`,
        self: `${path}?page%5Bnumber%5D=2&page%5Bsize%5D=5&page%5Bafter%5D=${encodeCursor(first)}`,
        next: `${path}?page%5Bnumber%5D=3&page%5Bsize%5D=5&page%5Bafter%5D=${encodeCursor(last)}`,
        last: `${path}?page%5Bnumber%5D=3&page%5Bsize%5D=5&page%5Bbefore%5D=end`,
      },
    },
    {
      label: 'the last page has no next',
      page: { ...pageRequest(3, 5), before: 'end' as const },
      bounds: { first, last, hasBefore: true, hasAfter: false },
      links: {
        first: `${path}?page%5Bnumber%5D=1&page%5Bsize%5D=5`,
        prev: `${path}?page%5Bnumber%5D=2&page%5Bsize%5D=5&page%5Bbefore%5D=${encodeCursor(first)}`,
        self: `${path}?page%5Bnumber%5D=3&page%5Bsize%5D=5&page%5Bbefore%5D=end`,
        last: `${path}?page%5Bnumber%5D=3&page%5Bsize%5D=5&page%5Bbefore%5D=end`,
      },
    },
    {
      label: 'an empty list links only to itself, first and last',
      page: pageRequest(1, 5),
      bounds: { hasBefore: false, hasAfter: false },
      total: 0,
      links: {
        first: `${path}?page%5Bnumber%5D=1&page%5Bsize%5D=5`,
        self: `${path}?page%5Bnumber%5D=1&page%5Bsize%5D=5`,
        last: `${path}?page%5Bnumber%5D=1&page%5Bsize%5D=5&page%5Bbefore%5D=end`,
      },
    },
  ])('$label', ({ page, bounds, links, total = 12 }) => {
    const result = paginationLinksAndMeta({ path, query: { 'page[after]': 'x', 'page[size]': '5' }, page, total, bounds });
    expect(result.links).toEqual(links);
    expect(Object.keys(result.links)).toEqual(Object.keys(links));
  });
});
