import type { DomainError } from '@quayside/domain';
import { badRequest, unprocessableEntity } from '@quayside/domain';

/**
 * Characters PostgreSQL cannot keep in a text column: NUL fails the query outright ("invalid
 * byte sequence for encoding UTF8: 0x00"), and a lone UTF-16 surrogate would be stored as
 * U+FFFD, silently changing what the client sent.
 */
// eslint-disable-next-line no-control-regex -- NUL is precisely the character looked for.
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const UNSTORABLE_DETAIL = 'contains a character that cannot be stored (NUL or an unpaired UTF-16 surrogate)';

export function isStorableText(text: string): boolean {
  return !UNSTORABLE.test(text);
}

/** JSON Pointer (RFC 6901) of a member: `~` and `/` are escaped. */
function pointerTo(parent: string, member: string | number): string {
  return `${parent}/${String(member).replace(/~/g, '~0').replace(/\//g, '~1')}`;
}

/**
 * Member names no request document has a use for, which object mappers treat as the object's
 * own machinery: class-transformer follows `constructor` to find a class and fails on a string.
 * (`__proto__` is refused earlier, by the JSON parser.)
 */
const RESERVED_MEMBERS = new Set(['constructor', 'prototype', '__proto__']);

export interface BodyProblem {
  pointer: string;
  reason: 'unstorable' | 'reserved_member';
}

/**
 * The first member of a parsed JSON body that cannot be taken: a string (value or member name)
 * that cannot be stored, or a reserved member name. Iterative, so depth is no risk.
 */
export function findBodyProblem(body: unknown): BodyProblem | undefined {
  const pending: [unknown, string][] = [[body, '']];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [value, pointer] = next;
    if (typeof value === 'string') {
      if (!isStorableText(value)) return { pointer, reason: 'unstorable' };
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => pending.push([item, pointerTo(pointer, index)]));
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value)) {
        if (!isStorableText(key)) return { pointer: pointerTo(pointer, key), reason: 'unstorable' };
        if (RESERVED_MEMBERS.has(key)) return { pointer: pointerTo(pointer, key), reason: 'reserved_member' };
        pending.push([item, pointerTo(pointer, key)]);
      }
    }
  }
  return undefined;
}

/** 422 pointing at the member of the body that cannot be taken. */
export function bodyTextProblem(body: unknown): DomainError | undefined {
  const problem = findBodyProblem(body);
  if (problem === undefined) return undefined;
  const { pointer } = problem;
  return problem.reason === 'unstorable'
    ? unprocessableEntity({
        pointer,
        detail: `The value at ${pointer || 'the document root'} ${UNSTORABLE_DETAIL}.`,
        code: 'invalid_character',
      })
    : unprocessableEntity({
        pointer,
        detail: `The member name at ${pointer} is reserved and not accepted in a request document.`,
        code: 'reserved_member',
      });
}

/**
 * 400 naming the first query parameter that is not one plain storable value: every parameter of
 * this API is a single value (lists are comma-separated), so `include[]=x`, `include[a]=x` on a
 * scalar, or a repeated `include=a&include=b` are refused rather than guessed at.
 */
export function queryProblem(query: Readonly<Record<string, unknown>>): DomainError | undefined {
  for (const [name, value] of Object.entries(query)) {
    const shown = isStorableText(name) ? name : JSON.stringify(name);
    if (!isStorableText(name)) return badRequest(`The query parameter name ${shown} ${UNSTORABLE_DETAIL}.`, { parameter: shown });
    if (name.endsWith('[]')) {
      return badRequest(
        `The query parameter ${name} is not supported: give ${name.slice(0, -2)} once, with a comma-separated list where it takes several values.`,
        { parameter: name },
      );
    }
    if (Array.isArray(value)) {
      return badRequest(
        `The query parameter ${name} is given more than once; give it once, with a comma-separated list where it takes several values.`,
        { parameter: name },
      );
    }
    if (typeof value !== 'string') return badRequest(`The query parameter ${name} must be a single value.`, { parameter: name });
    if (!isStorableText(value)) return badRequest(`The query parameter ${name} ${UNSTORABLE_DETAIL}.`, { parameter: name });
  }
  return undefined;
}

/** 400 for a path segment that cannot be stored (no record has such an id or code). */
export function pathProblem(params: Readonly<Record<string, unknown>>): DomainError | undefined {
  for (const [name, value] of Object.entries(params)) {
    if (typeof value === 'string' && !isStorableText(value)) return badRequest(`The path parameter ${name} ${UNSTORABLE_DETAIL}.`);
  }
  return undefined;
}
