import { mcpApiKey } from './mcp-credentials';

describe('mcpApiKey', () => {
  it.each([
    ['Token qs_abc', 'qs_abc'],
    ['token qs_abc', 'qs_abc'],
    ['Bearer qs_abc', 'qs_abc'],
    ['BEARER   qs_abc  ', 'qs_abc'],
  ])('reads %j', (header, key) => {
    expect(mcpApiKey(header)).toBe(key);
  });

  it.each([[undefined], [''], ['Basic dXNlcjpwdw=='], ['Token'], ['Bearer a b'], [['Token a', 'Token b']]])('refuses %j', (header) => {
    expect(mcpApiKey(header)).toBeNull();
  });
});
