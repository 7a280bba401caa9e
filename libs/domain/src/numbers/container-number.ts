/**
 * ISO 6346 container numbers: 3-letter owner code, category letter (U freight, J detachable
 * equipment, Z trailer/chassis), 6-digit serial, check digit.
 */
export const CONTAINER_NUMBER_PATTERN = /^[A-Z]{3}[UJZ][0-9]{7}$/;

// Letters count from 10 upward, skipping multiples of 11 (A=10, B=12 … K=21, L=23 … U=32, V=34 … Z=38).
const LETTER_VALUES: Readonly<Record<string, number>> = (() => {
  const values: Record<string, number> = {};
  let value = 10;
  for (const letter of 'ABCDEFGHIJKLMNOPQRSTUVWXYZ') {
    if (value % 11 === 0) value += 1;
    values[letter] = value;
    value += 1;
  }
  return values;
})();

/** The check digit of the first ten characters (owner code, category, serial), or null when they are malformed. */
export function containerCheckDigit(firstTen: string): number | null {
  if (!/^[A-Z]{4}[0-9]{6}$/.test(firstTen)) return null;
  let sum = 0;
  for (let index = 0; index < 10; index += 1) {
    const char = firstTen.charAt(index);
    const value = index < 4 ? (LETTER_VALUES[char] ?? 0) : Number(char);
    sum += value * 2 ** index;
  }
  return (sum % 11) % 10;
}

/** True when `number` (already upper case, no spaces) has the container shape. */
export function looksLikeContainerNumber(number: string): boolean {
  return CONTAINER_NUMBER_PATTERN.test(number);
}

/** True when `number` has the container shape and its check digit matches. */
export function isValidContainerNumber(number: string): boolean {
  return looksLikeContainerNumber(number) && containerCheckDigit(number.slice(0, 10)) === Number(number.charAt(10));
}
