import { readFileSync } from 'node:fs';

/** The account a test's own PostgreSQL or PgBouncer runs as. */
export interface ServerOwner {
  uid?: number;
  gid?: number;
}

/**
 * PostgreSQL and PgBouncer refuse to run as root: when the tests run as root (CI, this machine),
 * the servers they start run as the `postgres` account Debian's packages create; otherwise as the
 * user running the tests.
 */
export function serverOwner(): ServerOwner {
  if (process.getuid?.() !== 0) return {};
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('postgres:'));
  const [, , uid, gid] = line?.split(':') ?? [];
  if (uid === undefined || gid === undefined) throw new Error('running as root, and there is no postgres account to run a test server as');
  return { uid: Number(uid), gid: Number(gid) };
}
