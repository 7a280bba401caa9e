import { DomainError } from '@quayside/domain';
import { isAllowedOrigin, parseAllowedOrigins } from './allowed-origins';

function detailOf(value: unknown): string {
  try {
    parseAllowedOrigins(value);
  } catch (error: unknown) {
    if (error instanceof DomainError) return error.errors.map((e) => `${e.source?.pointer ?? ''} ${e.detail ?? ''}`).join('; ');
  }
  return 'accepted';
}

describe('parseAllowedOrigins', () => {
  it.each([
    [['https://www.example.com'], ['https://www.example.com']],
    [['https://WWW.Example.com/'], ['https://www.example.com']],
    [
      ['https://shop.example.com:8443', 'https://shop.example.com:443'],
      ['https://shop.example.com:8443', 'https://shop.example.com'],
    ],
    [
      ['http://localhost:5173', 'http://127.0.0.1:8080'],
      ['http://localhost:5173', 'http://127.0.0.1:8080'],
    ],
    [['https://a.example', 'https://a.example'], ['https://a.example']],
  ])('accepts %j', (input, expected) => {
    expect(parseAllowedOrigins(input)).toEqual(expected);
  });

  it.each([
    [undefined, '/data/attributes/allowed_origins allowed_origins must be a list'],
    [[], '/data/attributes/allowed_origins allowed_origins must be a list'],
    ['https://a.example', '/data/attributes/allowed_origins allowed_origins must be a list'],
    [['https://a.example/path'], '/data/attributes/allowed_origins/0 "https://a.example/path" is not an origin'],
    [['https://ok.example', 'http://insecure.example'], '/data/attributes/allowed_origins/1 "http://insecure.example" is not an origin'],
    [['*'], '/data/attributes/allowed_origins/0 "*" is not an origin'],
    [['https://*.example.com'], 'is not an origin'],
    [['https://a.example?x=1'], 'is not an origin'],
    [['https://user:pw@a.example'], 'is not an origin'],
    [[42], '/data/attributes/allowed_origins/0 42 is not an origin'],
    [Array.from({ length: 21 }, (_, i) => `https://s${i}.example`), 'at most 20 origins'],
  ])('refuses %j', (input, expected) => {
    expect(detailOf(input)).toContain(expected);
  });
});

describe('isAllowedOrigin', () => {
  it.each([
    ['https://www.example.com', true],
    ['https://WWW.example.com', true],
    ['https://evil.example.com', false],
    ['http://www.example.com', false],
    ['null', false],
  ])('%s → %s', (origin, allowed) => {
    expect(isAllowedOrigin(origin, ['https://www.example.com'])).toBe(allowed);
  });
});
