import { readList } from '@quayside/json-api';
import type { ListDocument } from '@quayside/json-api';
import type { QuaysideApi } from '../api/quayside-api';
import { expectSuccess } from '../api/quayside-api';

/** Pages read at most when scanning a list (100 rows each): bounds one tool call's cost. */
export const MAX_SCAN_PAGES = 20;

/**
 * Every page of a list, from `path` (which asks for pages of 100), following the api's `next`
 * links: they carry a cursor, so no page walks the rows before it (docs/json-api.md, "Follow the
 * links").
 */
export async function listPages(api: QuaysideApi, path: string): Promise<ListDocument[]> {
  const pages: ListDocument[] = [];
  let next: string | null = path;
  while (next !== null && pages.length < MAX_SCAN_PAGES) {
    const page = readList(await expectSuccess(api, 'GET', next));
    pages.push(page);
    next = pathOf(page.links['next']);
  }
  return pages;
}

/** A link's path and query: the api writes absolute links, requests here name a path. */
function pathOf(link: string | null | undefined): string | null {
  if (typeof link !== 'string' || link === '') return null;
  const url = new URL(link, 'http://quayside.invalid');
  return `${url.pathname}${url.search}`;
}
