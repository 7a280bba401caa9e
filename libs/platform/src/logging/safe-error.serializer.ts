/**
 * What of an error may reach a log line. Database errors carry the failed query's parameters
 * (a new webhook's signing secret, an API key's hash) and PostgreSQL's `detail` ("Failing row
 * contains (...)", "Key (x)=(...) already exists"), so instead of pino's serializer, which copies
 * every enumerable property, only these named, value-free properties are kept.
 */
const KEPT = ['code', 'constraint', 'table', 'column', 'schema', 'routine', 'status', 'statusCode', 'query'] as const;

export interface SafeError {
  type: string;
  message: string;
  stack?: string;
  cause?: SafeError | string;
  [property: string]: unknown;
}

/**
 * Takes an Error, or what pino's own serializer made of one (pino-http applies it first and
 * hands the result on), and keeps its type, message, stack and the KEPT properties.
 */
export function serializeSafeError(error: unknown, depth = 0): unknown {
  if (typeof error !== 'object' || error === null) return error;
  const fields = error as Record<string, unknown>;
  if (typeof fields['message'] !== 'string') return error;
  const type = error instanceof Error ? error.constructor.name : typeof fields['type'] === 'string' ? fields['type'] : 'Error';
  const safe: SafeError = { type, message: fields['message'] };
  if (typeof fields['stack'] === 'string') safe.stack = fields['stack'];
  for (const name of KEPT) {
    const value = fields[name];
    if (typeof value === 'string' || typeof value === 'number') safe[name] = value;
  }
  if (fields['cause'] !== undefined && depth < 3) {
    const cause = serializeSafeError(fields['cause'], depth + 1);
    safe.cause = typeof cause === 'object' && cause !== null ? (cause as SafeError) : String(cause);
  }
  return safe;
}
