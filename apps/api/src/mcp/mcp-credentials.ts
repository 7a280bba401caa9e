/**
 * The account key of an /mcp request: `Authorization: Token <key>` as for the REST api, or
 * `Bearer <key>` for MCP clients that can only send that scheme. Anything else is null.
 */
export function mcpApiKey(header: string | string[] | undefined): string | null {
  if (typeof header !== 'string') return null;
  const match = /^(token|bearer)\s+(\S+)\s*$/i.exec(header.trim());
  return match?.[2] ?? null;
}
