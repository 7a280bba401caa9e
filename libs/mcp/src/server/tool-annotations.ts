import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';

/**
 * A tool that only reads the account's data (MCP tool annotations). `destructiveHint` and
 * `idempotentHint` mean something only for tools that write, so they are given there.
 */
export const READ_ONLY: ToolAnnotations = { readOnlyHint: true, openWorldHint: false };
