import type { RequestType } from '../enums/tracking-request.enum';
import { isValidContainerNumber, looksLikeContainerNumber } from './container-number';

export const REQUEST_NUMBER_MIN_LENGTH = 5;
export const REQUEST_NUMBER_MAX_LENGTH = 30;

/** Why a tracking number was refused. */
export const NUMBER_INVALID_REASONS = [
  'not_a_string',
  'empty',
  'multiple_numbers',
  'invalid_characters',
  'too_short',
  'too_long',
  'not_a_container_number',
  'check_digit_mismatch',
] as const;
export type NumberInvalidReason = (typeof NUMBER_INVALID_REASONS)[number];

export const NUMBER_INVALID_DETAILS: Readonly<Record<NumberInvalidReason, string>> = {
  not_a_string: 'The request number must be a string.',
  empty: 'The request number is empty.',
  multiple_numbers: 'Send one number per tracking request; a list or several numbers in one field is not accepted.',
  invalid_characters: 'The request number may contain only letters and digits.',
  too_short: `The request number is shorter than ${REQUEST_NUMBER_MIN_LENGTH} characters.`,
  too_long: `The request number is longer than ${REQUEST_NUMBER_MAX_LENGTH} characters.`,
  not_a_container_number: 'A container number is four letters (the fourth U, J or Z) and seven digits.',
  check_digit_mismatch: 'The container number check digit does not match (ISO 6346).',
};

export type RequestNumberResult = { ok: true; number: string } | { ok: false; reason: NumberInvalidReason };

// Separators that only ever sit between numbers, never inside one.
const LIST_SEPARATORS = /[,;|\r\n\t]+/;
// Spaces, dashes and dots are how people write one number ("MSCU 123456-7").
const NUMBER_PUNCTUATION = /[\s.-]+/g;

/**
 * One number per request (docs/rate-limits.md): accepts a single number written with spaces,
 * dashes or dots, and refuses a JSON list or several numbers in one field. Returns the number
 * upper-cased without punctuation.
 */
export function parseRequestNumber(value: unknown): RequestNumberResult {
  if (Array.isArray(value)) return { ok: false, reason: 'multiple_numbers' };
  if (typeof value !== 'string') return { ok: false, reason: 'not_a_string' };
  const pieces = value
    .split(LIST_SEPARATORS)
    .map((piece) => piece.trim())
    .filter((piece) => piece !== '');
  if (pieces.length === 0) return { ok: false, reason: 'empty' };
  if (pieces.length > 1) return { ok: false, reason: 'multiple_numbers' };
  const [piece = ''] = pieces;
  // "MSCU 1234567" is one number; "MSCU1234567 MSCU7654321" is two.
  const words = piece.split(/\s+/);
  if (words.filter(isNumberLike).length > 1) return { ok: false, reason: 'multiple_numbers' };
  const number = piece.replace(NUMBER_PUNCTUATION, '').toUpperCase();
  if (!/^[A-Z0-9]+$/.test(number)) return { ok: false, reason: 'invalid_characters' };
  if (number.length < REQUEST_NUMBER_MIN_LENGTH) return { ok: false, reason: 'too_short' };
  if (number.length > REQUEST_NUMBER_MAX_LENGTH) return { ok: false, reason: 'too_long' };
  return { ok: true, number };
}

/**
 * The number of a tracking request of a given type: one number, and for containers the ISO
 * 6346 shape and check digit.
 */
export function checkRequestNumber(value: unknown, requestType: RequestType): RequestNumberResult {
  const parsed = parseRequestNumber(value);
  if (!parsed.ok || requestType !== 'container') return parsed;
  if (!looksLikeContainerNumber(parsed.number)) return { ok: false, reason: 'not_a_container_number' };
  if (!isValidContainerNumber(parsed.number)) return { ok: false, reason: 'check_digit_mismatch' };
  return parsed;
}

function isNumberLike(word: string): boolean {
  const compact = word.replace(/[.-]/g, '');
  return compact.length >= 6 && /[0-9]/.test(compact);
}
