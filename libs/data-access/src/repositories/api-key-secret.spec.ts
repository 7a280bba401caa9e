import fc from 'fast-check';
import { API_KEY_PREFIX, generateApiKey, hashApiKey, isWellFormedApiKey, maskApiKey, sameHash } from './api-key-secret';

describe('API key secrets', () => {
  it('generates recognisable, well-formed keys whose stored parts never contain the secret', () => {
    const generated = generateApiKey();
    expect(generated.key.startsWith(API_KEY_PREFIX)).toBe(true);
    expect(generated.key).toHaveLength(API_KEY_PREFIX.length + 43);
    expect(isWellFormedApiKey(generated.key)).toBe(true);
    expect(generated.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(generated.hash).toBe(hashApiKey(generated.key));
    expect(generated.lastFour).toBe(generated.key.slice(-4));
    expect(maskApiKey(generated.prefix, generated.lastFour)).toBe(`qs_live_****${generated.key.slice(-4)}`);
  });

  it('never repeats a key', () => {
    const keys = new Set(Array.from({ length: 1000 }, () => generateApiKey().key));
    expect(keys.size).toBe(1000);
  });

  it.each([
    ['empty', ''],
    ['prefix only', API_KEY_PREFIX],
    ['another prefix', `sk_live_${'a'.repeat(43)}`],
    ['one character short', `${API_KEY_PREFIX}${'a'.repeat(42)}`],
    ['one character long', `${API_KEY_PREFIX}${'a'.repeat(44)}`],
    ['punctuation', `${API_KEY_PREFIX}${'a'.repeat(42)}-`],
    ['surrounding spaces', ` ${API_KEY_PREFIX}${'a'.repeat(43)} `],
  ])('refuses a malformed key: %s', (_label, value) => {
    expect(isWellFormedApiKey(value)).toBe(false);
  });

  it('compares hashes by value', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        expect(sameHash(hashApiKey(a), hashApiKey(b))).toBe(a === b);
      }),
    );
    expect(sameHash(hashApiKey('x'), 'abc')).toBe(false);
  });
});
