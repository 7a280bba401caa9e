import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { QuaysideApiError } from '../api/quayside-api';

/** A tool's answer as JSON text (what assistants read best; the tools declare no output schema, so no structured content). */
export function jsonResult(value: unknown): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(value, null, 2) }] };
}

/**
 * Runs a tool body; a refusal of the REST api (401 another account's id, 403 plan or feature,
 * 404, 429) becomes a tool error naming it, so the assistant can say what went wrong.
 */
export async function answer(work: () => Promise<unknown>): Promise<CallToolResult> {
  try {
    return jsonResult(await work());
  } catch (error: unknown) {
    if (error instanceof QuaysideApiError || error instanceof ToolInputError)
      return { isError: true, content: [{ type: 'text', text: error.message }] };
    throw error;
  }
}

/** Input the schema lets through but the tool still cannot use (explained to the caller). */
export class ToolInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ToolInputError';
  }
}
