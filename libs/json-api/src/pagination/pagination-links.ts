import type { DocumentLinks, DocumentMeta } from '../model/json-api-document';
import type { PageRequest } from './page';

export interface PaginationLinksInput {
  /** Path of the collection as the client addressed it, e.g. `/v2/containers`. */
  path: string;
  /** The request's query parameters; page parameters are replaced, the rest kept in order. */
  query: Record<string, unknown>;
  page: PageRequest;
  total: number;
}

/** `links` and `meta` of a page; `prev`/`next` are absent at either end. */
export function paginationLinksAndMeta(input: PaginationLinksInput): { links: DocumentLinks; meta: DocumentMeta } {
  const { page, total } = input;
  const lastNumber = Math.max(1, Math.ceil(total / page.size));
  const base = flattenQuery(input.query).filter(([key]) => key !== 'page[number]' && key !== 'page[size]');
  const at = (number: number): string => {
    const pairs: [string, string][] = [...base, ['page[number]', String(number)], ['page[size]', String(page.size)]];
    return `${input.path}?${pairs.map(([key, value]) => `${encodeKey(key)}=${encodeURIComponent(value)}`).join('&')}`;
  };
  const links: DocumentLinks = { first: at(1), self: at(page.number), last: at(lastNumber) };
  if (page.number > 1) links.prev = at(Math.min(page.number - 1, lastNumber));
  if (page.number < lastNumber) links.next = at(page.number + 1);
  return { links: orderLinks(links), meta: { size: page.size, total } };
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

// Brackets stay readable in keys (`page[number]`), as the established API prints them.
function encodeKey(key: string): string {
  return encodeURIComponent(key).replace(/%5B/g, '[').replace(/%5D/g, ']');
}

function orderLinks(links: DocumentLinks): DocumentLinks {
  const ordered: DocumentLinks = {};
  for (const name of ['first', 'prev', 'self', 'next', 'last'] as const) {
    const value = links[name];
    if (value !== undefined) ordered[name] = value;
  }
  return ordered;
}
