import { pageRequest } from './page';
import { flattenQuery, paginationLinksAndMeta } from './pagination-links';

describe('paginationLinksAndMeta', () => {
  it.each([
    {
      label: 'a middle page keeps other parameters and links every neighbour',
      query: { include: 'shipment', 'page[number]': '2', 'page[size]': '5' },
      page: pageRequest(2, 5),
      total: 12,
      links: {
        first: '/v2/containers?include=shipment&page[number]=1&page[size]=5',
        prev: '/v2/containers?include=shipment&page[number]=1&page[size]=5',
        self: '/v2/containers?include=shipment&page[number]=2&page[size]=5',
        next: '/v2/containers?include=shipment&page[number]=3&page[size]=5',
        last: '/v2/containers?include=shipment&page[number]=3&page[size]=5',
      },
    },
    {
      label: 'the first page has no prev',
      query: {},
      page: pageRequest(1, 30),
      total: 31,
      links: {
        first: '/v2/containers?page[number]=1&page[size]=30',
        self: '/v2/containers?page[number]=1&page[size]=30',
        next: '/v2/containers?page[number]=2&page[size]=30',
        last: '/v2/containers?page[number]=2&page[size]=30',
      },
    },
    {
      label: 'an empty collection has one (empty) page',
      query: {},
      page: pageRequest(1, 30),
      total: 0,
      links: {
        first: '/v2/containers?page[number]=1&page[size]=30',
        self: '/v2/containers?page[number]=1&page[size]=30',
        last: '/v2/containers?page[number]=1&page[size]=30',
      },
    },
    {
      label: 'a page past the end points back to the last page',
      query: {},
      page: pageRequest(9, 10),
      total: 25,
      links: {
        first: '/v2/containers?page[number]=1&page[size]=10',
        prev: '/v2/containers?page[number]=3&page[size]=10',
        self: '/v2/containers?page[number]=9&page[size]=10',
        last: '/v2/containers?page[number]=3&page[size]=10',
      },
    },
  ])('$label', ({ query, page, total, links }) => {
    const result = paginationLinksAndMeta({ path: '/v2/containers', query, page, total });
    expect(result.links).toEqual(links);
    expect(Object.keys(result.links)).toEqual(Object.keys(links));
    expect(result.meta).toEqual({ size: page.size, total });
  });

  it('encodes values but keeps filter brackets readable', () => {
    const { links } = paginationLinksAndMeta({
      path: '/v2/shipments',
      query: { filter: { number: 'A&B' } },
      page: pageRequest(1, 30),
      total: 1,
    });
    expect(links.self).toBe('/v2/shipments?filter[number]=A%26B&page[number]=1&page[size]=30');
  });

  it('flattens nested and repeated query values', () => {
    expect(flattenQuery({ page: { size: '5' }, tag: ['a', 'b'], skip: undefined })).toEqual([
      ['page[size]', '5'],
      ['tag', 'a'],
      ['tag', 'b'],
    ]);
  });
});
