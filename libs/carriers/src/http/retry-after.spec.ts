import { retryAfterMs } from './retry-after';

describe('retryAfterMs (RFC 9110 Retry-After)', () => {
  const now = new Date('2026-11-29T10:00:00Z');

  it.each([
    ['30', 30_000],
    [' 0 ', 0],
    ['Sun, 29 Nov 2026 10:01:30 GMT', 90_000],
    ['Sun, 29 Nov 2026 09:59:00 GMT', 0],
    ['999999999', 24 * 3600 * 1000],
    ['-5', null],
    ['1.5', null],
    ['soon', null],
    ['', null],
  ])('%j → %j ms', (header, expected) => {
    expect(retryAfterMs(header, now)).toBe(expected);
  });

  it('absent → null', () => {
    expect(retryAfterMs(null, now)).toBeNull();
  });
});
