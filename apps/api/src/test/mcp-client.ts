import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/** Test helpers around the SDK's own client: a tool's JSON answer, or its error text. */
export async function toolJson<T = unknown>(client: Client, name: string, args: Record<string, unknown> = {}): Promise<T> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const text = result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
  if (result.isError) throw new Error(`tool ${name} failed: ${text}`);
  return JSON.parse(text) as T;
}

export async function toolError(client: Client, name: string, args: Record<string, unknown> = {}): Promise<string> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  if (!result.isError) throw new Error(`tool ${name} succeeded where a refusal was expected`);
  return result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
}

export function newClient(): Client {
  return new Client({ name: 'quayside-test', version: '1.0.0' });
}
