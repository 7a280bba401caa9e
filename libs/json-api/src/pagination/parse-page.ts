import { badRequest } from '@quayside/domain';
import type { PageRequest } from './page';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, pageRequest } from './page';
import { END_CURSOR, decodeCursor } from './page-cursor';

const POSITIVE_INTEGER = /^[1-9][0-9]{0,8}$/;

/**
 * Reads `page[number]` (1-based, default 1) and `page[size]` (default 30, at most 100) from a
 * query object, flat (`'page[size]'`) or nested (`page.size`) depending on the query parser.
 * Anything but a positive integer answers 400 naming the parameter. `page[after]` or
 * `page[before]` (the cursors the links carry; one at a time) win over `page[number]`.
 */
export function parsePage(query: Record<string, unknown>, options: { defaultSize?: number; maxSize?: number } = {}): PageRequest {
  const defaultSize = options.defaultSize ?? DEFAULT_PAGE_SIZE;
  const maxSize = options.maxSize ?? MAX_PAGE_SIZE;
  const number = readPositiveInteger(query, 'number') ?? 1;
  const size = readPositiveInteger(query, 'size') ?? defaultSize;
  if (size > maxSize) {
    throw badRequest(`page[size] must be at most ${maxSize}.`, { parameter: 'page[size]' });
  }
  const page = pageRequest(number, size);
  const after = readText(query, 'after');
  const before = readText(query, 'before');
  if (after !== undefined && before !== undefined) {
    throw badRequest('page[after] and page[before] cannot be combined.', { parameter: 'page[before]' });
  }
  if (after !== undefined) page.after = decodeCursor(after, 'page[after]');
  if (before !== undefined) page.before = before === END_CURSOR ? 'end' : decodeCursor(before, 'page[before]');
  return page;
}

function readText(query: Record<string, unknown>, member: 'after' | 'before'): string | undefined {
  const parameter = `page[${member}]`;
  const raw = rawMember(query, member);
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string') throw badRequest(`${parameter} must be given once.`, { parameter });
  return raw;
}

function rawMember(query: Record<string, unknown>, member: string): unknown {
  const nested = query['page'];
  return (
    query[`page[${member}]`] ?? (typeof nested === 'object' && nested !== null ? (nested as Record<string, unknown>)[member] : undefined)
  );
}

function readPositiveInteger(query: Record<string, unknown>, member: 'number' | 'size'): number | undefined {
  const parameter = `page[${member}]`;
  const raw = rawMember(query, member);
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || !POSITIVE_INTEGER.test(raw)) {
    throw badRequest(`${parameter} must be a positive integer, given once.`, { parameter });
  }
  return Number(raw);
}
