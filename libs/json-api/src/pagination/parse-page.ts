import { badRequest } from '@quayside/domain';
import type { PageRequest } from './page';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, pageRequest } from './page';

const POSITIVE_INTEGER = /^[1-9][0-9]{0,8}$/;

/**
 * Reads `page[number]` (1-based, default 1) and `page[size]` (default 30, at most 100) from a
 * query object, flat (`'page[size]'`) or nested (`page.size`) depending on the query parser.
 * Anything but a positive integer answers 400 naming the parameter.
 */
export function parsePage(query: Record<string, unknown>, options: { defaultSize?: number; maxSize?: number } = {}): PageRequest {
  const defaultSize = options.defaultSize ?? DEFAULT_PAGE_SIZE;
  const maxSize = options.maxSize ?? MAX_PAGE_SIZE;
  const number = readPositiveInteger(query, 'number') ?? 1;
  const size = readPositiveInteger(query, 'size') ?? defaultSize;
  if (size > maxSize) {
    throw badRequest(`page[size] must be at most ${maxSize}.`, { parameter: 'page[size]' });
  }
  return pageRequest(number, size);
}

function readPositiveInteger(query: Record<string, unknown>, member: 'number' | 'size'): number | undefined {
  const parameter = `page[${member}]`;
  const nested = query['page'];
  const raw = query[parameter] ?? (typeof nested === 'object' && nested !== null ? (nested as Record<string, unknown>)[member] : undefined);
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || !POSITIVE_INTEGER.test(raw)) {
    throw badRequest(`${parameter} must be a positive integer, given once.`, { parameter });
  }
  return Number(raw);
}
