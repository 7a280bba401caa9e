import type { DocumentLinks, DocumentMeta } from '../model/json-api-document';
import type { PageBounds, PageRequest } from './page';
import { END_CURSOR, encodeCursor } from './page-cursor';

export interface PaginationLinksInput {
  /** Path of the collection as the client addressed it, e.g. `/v2/containers`. */
  path: string;
  /** The request's query parameters; page parameters are replaced, the rest kept in order. */
  query: Record<string, unknown>;
  page: PageRequest;
  total: number;
  /**
   * Given by keyset-capable lists: `prev`, `next` and `last` then carry cursors, so following
   * them costs the same at any depth (docs/json-api.md, "Pagination"); without, page numbers.
   */
  bounds?: PageBounds;
}

type PageParameters = [string, string][];

/** `links` and `meta` of a page; `prev`/`next` are absent at either end. */
export function paginationLinksAndMeta(input: PaginationLinksInput): { links: DocumentLinks; meta: DocumentMeta } {
  const { page, total, bounds } = input;
  const lastNumber = Math.max(1, Math.ceil(total / page.size));
  const base = flattenQuery(input.query).filter(([key]) => !PAGE_PARAMETERS.has(key));
  const at = (number: number, cursor: PageParameters = []): string => {
    const pairs: PageParameters = [...base, ['page[number]', String(number)], ['page[size]', String(page.size)], ...cursor];
    return `${input.path}?${pairs.map(([key, value]) => `${encodeKey(key)}=${encodeURIComponent(value)}`).join('&')}`;
  };
  if (bounds) return { links: orderLinks(keysetLinks(page, bounds, lastNumber, at)), meta: { size: page.size, total } };
  const links: DocumentLinks = { first: at(1), self: at(page.number), last: at(lastNumber) };
  if (page.number > 1) links.prev = at(Math.min(page.number - 1, lastNumber));
  if (page.number < lastNumber) links.next = at(page.number + 1);
  return { links: orderLinks(links), meta: { size: page.size, total } };
}

const PAGE_PARAMETERS = new Set(['page[number]', 'page[size]', 'page[after]', 'page[before]']);

/**
 * The page numbers stay in the links for clients that read them; the cursor beside them is
 * what the api follows. `last` names no row: it asks for the list's last `page[size]` rows.
 */
function keysetLinks(
  page: PageRequest,
  bounds: PageBounds,
  lastNumber: number,
  at: (number: number, cursor?: PageParameters) => string,
): DocumentLinks {
  const number = page.before === 'end' ? lastNumber : page.number;
  const links: DocumentLinks = {
    first: at(1),
    self: at(page.number, selfCursor(page)),
    last: at(lastNumber, [['page[before]', END_CURSOR]]),
  };
  if (bounds.hasBefore && bounds.first) links.prev = at(Math.max(1, number - 1), [['page[before]', encodeCursor(bounds.first)]]);
  if (bounds.hasAfter && bounds.last) links.next = at(number + 1, [['page[after]', encodeCursor(bounds.last)]]);
  return links;
}

function selfCursor(page: PageRequest): PageParameters {
  if (page.after) return [['page[after]', encodeCursor(page.after)]];
  if (page.before === 'end') return [['page[before]', END_CURSOR]];
  if (page.before) return [['page[before]', encodeCursor(page.before)]];
  return [];
}

/** Accepts both flat (`{'page[size]': '5'}`) and nested (`{page: {size: '5'}}`) query objects. */
export function flattenQuery(query: Record<string, unknown>, prefix = ''): [string, string][] {
  const pairs: [string, string][] = [];
  for (const [key, value] of Object.entries(query)) {
    const name = prefix ? `${prefix}[${key}]` : key;
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      for (const item of value as unknown[]) if (isScalar(item)) pairs.push([name, String(item)]);
    } else if (typeof value === 'object') {
      pairs.push(...flattenQuery(value as Record<string, unknown>, name));
    } else if (isScalar(value)) {
      pairs.push([name, String(value)]);
    }
  }
  return pairs;
}

function isScalar(value: unknown): value is string | number | boolean {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

// Brackets are percent-encoded (`page%5Bnumber%5D`): RFC 3986 allows them only around an IP
// literal, and the established API's description says `format: uri`. Servers decode them alike.
const encodeKey = encodeURIComponent;

function orderLinks(links: DocumentLinks): DocumentLinks {
  const ordered: DocumentLinks = {};
  for (const name of ['first', 'prev', 'self', 'next', 'last'] as const) {
    const value = links[name];
    if (value !== undefined) ordered[name] = value;
  }
  return ordered;
}
