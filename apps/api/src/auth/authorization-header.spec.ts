import { parseAuthorizationHeader } from './authorization-header';

describe('parseAuthorizationHeader', () => {
  it.each([
    ['absent', undefined, { kind: 'missing' }],
    ['empty', '', { kind: 'missing' }],
    ['blank', '   ', { kind: 'missing' }],
    ['a Token', 'Token qs_live_abc', { kind: 'token', key: 'qs_live_abc' }],
    ['a token in any case', 'token   qs_live_abc ', { kind: 'token', key: 'qs_live_abc' }],
    ['Bearer', 'Bearer qs_live_abc', { kind: 'other-scheme', scheme: 'Bearer' }],
    ['Basic', 'Basic dXNlcjpwYXNz', { kind: 'other-scheme', scheme: 'Basic' }],
    ['a bare key', 'qs_live_abc', { kind: 'other-scheme', scheme: 'qs_live_abc' }],
    ['Token alone', 'Token', { kind: 'malformed' }],
    ['Token with two values', 'Token a b', { kind: 'malformed' }],
    ['repeated headers', ['Token a', 'Token b'], { kind: 'malformed' }],
  ])('%s', (_label, header, expected) => {
    expect(parseAuthorizationHeader(header)).toEqual(expected);
  });
});
