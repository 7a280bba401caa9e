import fc from 'fast-check';
import { NUMBER_INVALID_DETAILS, NUMBER_INVALID_REASONS, checkRequestNumber, parseRequestNumber } from './request-number';

describe('one number per request', () => {
  it.each([
    ['MSCU1234566', 'MSCU1234566'],
    ['  mscu1234566 ', 'MSCU1234566'],
    ['MSCU 123456-6', 'MSCU1234566'],
    ['MSCU 1234566', 'MSCU1234566'],
    ['EGLV 084900042045', 'EGLV084900042045'],
    ['EGLV084900042045,', 'EGLV084900042045'],
    ['123.456.789', '123456789'],
  ])('%j is one number: %s', (input, number) => {
    expect(parseRequestNumber(input)).toEqual({ ok: true, number });
  });

  it.each([
    [['MSCU1234566'], 'multiple_numbers'],
    [['MSCU1234566', 'MAEU1234567'], 'multiple_numbers'],
    ['MSCU1234566,MAEU1234567', 'multiple_numbers'],
    ['MSCU1234566; MAEU1234567', 'multiple_numbers'],
    ['MSCU1234566\nMAEU1234567', 'multiple_numbers'],
    ['MSCU1234566 MAEU1234567', 'multiple_numbers'],
    ['123456789 987654321', 'multiple_numbers'],
    ['', 'empty'],
    ['  , ; ', 'empty'],
    [42, 'not_a_string'],
    [null, 'not_a_string'],
    [{ number: 'X' }, 'not_a_string'],
    ['MSCU#1234566', 'invalid_characters'],
    ['MSCU/1234566', 'invalid_characters'],
    ['ABC1', 'too_short'],
    ['A'.repeat(31), 'too_long'],
  ])('%j is refused: %s', (input, reason) => {
    expect(parseRequestNumber(input)).toEqual({ ok: false, reason });
  });

  it.each([
    ['MSCU1234566', 'container', { ok: true, number: 'MSCU1234566' }],
    ['MSCU1234567', 'container', { ok: false, reason: 'check_digit_mismatch' }],
    ['EGLV084900042045', 'container', { ok: false, reason: 'not_a_container_number' }],
    ['MSCU1234567', 'bill_of_lading', { ok: true, number: 'MSCU1234567' }],
    ['EGLV084900042045', 'booking_number', { ok: true, number: 'EGLV084900042045' }],
    ['a,b', 'container', { ok: false, reason: 'multiple_numbers' }],
  ] as const)('%s as %s → %j', (input, type, result) => {
    expect(checkRequestNumber(input, type)).toEqual(result);
  });

  it.each(NUMBER_INVALID_REASONS.map((r) => [r]))('reason %s has a client-facing detail', (reason) => {
    expect(NUMBER_INVALID_DETAILS[reason].length).toBeGreaterThan(10);
  });

  it('never throws, and an accepted number is upper-case letters and digits only', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.anything()), (input) => {
        const result = parseRequestNumber(input);
        if (result.ok) expect(result.number).toMatch(/^[A-Z0-9]{5,30}$/);
      }),
    );
  });

  it('two accepted numbers joined by a comma are always refused', () => {
    const number = fc.stringMatching(/^[A-Z0-9]{5,20}$/);
    fc.assert(
      fc.property(number, number, (a, b) => expect(parseRequestNumber(`${a},${b}`)).toEqual({ ok: false, reason: 'multiple_numbers' })),
    );
  });
});
