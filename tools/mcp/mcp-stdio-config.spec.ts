import { DEFAULT_BASE_URL, mcpStdioConfig } from './mcp-stdio-config';

describe('mcpStdioConfig', () => {
  it('takes the key and the base URL', () => {
    expect(mcpStdioConfig({ QUAYSIDE_API_KEY: 'k', QUAYSIDE_BASE_URL: 'https://q.example.com' })).toEqual({
      apiKey: 'k',
      baseUrl: 'https://q.example.com',
    });
  });

  it('defaults the base URL to the local api', () => {
    expect(mcpStdioConfig({ QUAYSIDE_API_KEY: 'k' })).toEqual({ apiKey: 'k', baseUrl: DEFAULT_BASE_URL });
  });

  it.each([[{}], [{ QUAYSIDE_API_KEY: '  ' }]])('asks for the key when missing: %j', (env) => {
    expect(mcpStdioConfig(env)).toMatch(/QUAYSIDE_API_KEY/);
  });

  it('names a base URL that is not http(s)', () => {
    expect(mcpStdioConfig({ QUAYSIDE_API_KEY: 'k', QUAYSIDE_BASE_URL: 'ftp://x' })).toMatch(/QUAYSIDE_BASE_URL must be an http\(s\) URL/);
  });
});
