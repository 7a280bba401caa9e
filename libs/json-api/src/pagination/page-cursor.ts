import { badRequest } from '@quayside/domain';
import type { PageKey } from './page';

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** `links.last` asks for the list's last rows without naming a row. */
export const END_CURSOR = 'end';

/**
 * A cursor is opaque to clients (docs/json-api.md, "Pagination"): base64url of the row's
 * position. Clients follow links; they never build one.
 */
export function encodeCursor(key: PageKey): string {
  return Buffer.from(`${key.at}|${key.id}`, 'utf8').toString('base64url');
}

/** The position a cursor names; 400 naming the parameter when it is not one of ours. */
export function decodeCursor(token: string, parameter: string): PageKey {
  const text = /^[A-Za-z0-9_-]{1,200}$/.test(token) ? Buffer.from(token, 'base64url').toString('utf8') : '';
  const [at, id, extra] = text.split('|');
  if (
    extra !== undefined ||
    at === undefined ||
    id === undefined ||
    !TIMESTAMP.test(at) ||
    !UUID.test(id) ||
    Number.isNaN(Date.parse(at))
  ) {
    throw badRequest(`${parameter} is not a cursor of this list; follow the links of a previous page.`, { parameter });
  }
  return { at, id: id.toLowerCase() };
}
