import { withDatabaseName } from '@quayside/data-access';
import { Client } from 'pg';

/**
 * The repository's dist/ is shared: the suites that test the production build replace it
 * (tools/build.js removes it, then writes it) and run or copy what is in it, and the e2e files run
 * side by side in separate Jest workers. Each of them holds this lock from its build until it no
 * longer reads dist/, so one never rebuilds it under the other. A PostgreSQL advisory lock on a
 * session of its own (every e2e run has that server): a worker that dies releases it with its
 * connection. `serverUrl` is the test PostgreSQL server (TEST_SERVER_URL). Resolves once held; the
 * returned function releases it.
 */
export async function lockDist(serverUrl: string): Promise<() => Promise<void>> {
  const client = new Client({ connectionString: withDatabaseName(serverUrl, 'postgres') });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock(hashtext('quayside:e2e-dist'))");
  } catch (error) {
    await client.end();
    throw error;
  }
  // Ending the session releases its advisory locks.
  return () => client.end();
}
