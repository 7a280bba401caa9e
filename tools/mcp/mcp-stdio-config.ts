/** What `npm run mcp` reads from its environment; nothing else in tools/mcp touches `process.env`. */
export interface McpStdioConfig {
  apiKey: string;
  baseUrl: string;
}

export const DEFAULT_BASE_URL = 'http://127.0.0.1:3000';

/** The config, or the sentence that tells the user what to set. */
export function mcpStdioConfig(env: NodeJS.ProcessEnv): McpStdioConfig | string {
  const apiKey = env['QUAYSIDE_API_KEY']?.trim() ?? '';
  if (apiKey === '')
    return 'Set QUAYSIDE_API_KEY to the account API key (and QUAYSIDE_BASE_URL when the api is not at http://127.0.0.1:3000).';
  const baseUrl = env['QUAYSIDE_BASE_URL']?.trim() || DEFAULT_BASE_URL;
  if (!/^https?:\/\/[^/\s]+/.test(baseUrl)) return `QUAYSIDE_BASE_URL must be an http(s) URL, e.g. ${DEFAULT_BASE_URL}; got "${baseUrl}".`;
  return { apiKey, baseUrl };
}
