import fc from 'fast-check';
import { containerCheckDigit, isValidContainerNumber, looksLikeContainerNumber } from './container-number';

// Check digits computed independently (ISO 6346 worked example CSQU3054383, the established API's WHLU1234560).
const VALID = [
  'CSQU3054383',
  'WHLU1234560',
  'MSCU1234566',
  'MAEU1234567',
  'TGHU9876542',
  'EGHU9000004',
  'OOLU1111114',
  'ZIMU0000015',
  'HLXU3141597',
  'APZU2718280',
];

const upper = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split(''));
const digit = fc.constantFrom(...'0123456789'.split(''));
const firstTen = fc
  .tuple(fc.array(upper, { minLength: 3, maxLength: 3 }), fc.constantFrom('U', 'J', 'Z'), fc.array(digit, { minLength: 6, maxLength: 6 }))
  .map(([owner, category, serial]) => `${owner.join('')}${category}${serial.join('')}`);
const validNumber = firstTen.map((ten) => `${ten}${containerCheckDigit(ten)}`);

describe('ISO 6346 container numbers', () => {
  it.each(VALID.map((n) => [n]))('%s is valid', (number) => {
    expect(isValidContainerNumber(number)).toBe(true);
  });

  it.each([
    ['CSQU3054384', false],
    ['CSQU305438', false],
    ['CSQU30543833', false],
    ['CSQA3054383', false],
    ['C5QU3054383', false],
    ['csqu3054383', false],
    ['', false],
  ])('%j valid → %p', (number, valid) => {
    expect(isValidContainerNumber(number)).toBe(valid);
  });

  it.each([
    ['CSQU3054383', true],
    ['CSQJ3054383', true],
    ['CSQZ3054383', true],
    ['CSQX3054383', false],
    ['EGLV084900042045', false],
  ])('%s has the container shape → %p', (number, shape) => {
    expect(looksLikeContainerNumber(number)).toBe(shape);
  });

  it('refuses malformed input to the check digit', () => {
    expect(containerCheckDigit('CSQU30543')).toBeNull();
    expect(containerCheckDigit('1SQU305438')).toBeNull();
  });

  it('a valid number with any one digit changed fails', () => {
    // Remainders 0 and 10 both give check digit 0 (the standard's known ambiguity), so a
    // number whose check digit is 0 can collide with a one-digit change; every other cannot.
    fc.assert(
      fc.property(validNumber, fc.integer({ min: 4, max: 10 }), fc.integer({ min: 1, max: 9 }), (number, position, shift) => {
        fc.pre(number.charAt(10) !== '0');
        const changed = (Number(number.charAt(position)) + shift) % 10;
        const mutated = `${number.slice(0, position)}${changed}${number.slice(position + 1)}`;
        expect(isValidContainerNumber(number)).toBe(true);
        expect(isValidContainerNumber(mutated)).toBe(false);
      }),
    );
  });
});
