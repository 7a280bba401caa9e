/** pg-pool's error when no connection of the pool became free within `poolTimeoutMs`. */
const POOL_WAIT_TIMED_OUT = 'timeout exceeded when trying to connect';
/** pg's error when a new connection did not connect within the same bound. */
const CONNECT_TIMED_OUT = 'Connection terminated due to connection timeout';
/** Postgres refusing a connection: too many clients already, or starting up or shutting down. */
const REFUSED_BY_SERVER = new Set(['53300', '57P03', '57P01']);
const UNREACHABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND']);

/**
 * Whether a failure means that no database connection could be had right now (the pool stayed
 * full for its whole bounded wait, or the server could not be reached or refused a connection),
 * as opposed to a statement that failed: the api answers the first with 503 and `Retry-After`
 * (docs/deploy.md, "Production Redis and PostgreSQL"), never a 500 or a hang.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.message === POOL_WAIT_TIMED_OUT || error.message === CONNECT_TIMED_OUT) return true;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && (REFUSED_BY_SERVER.has(code) || UNREACHABLE.has(code));
}
