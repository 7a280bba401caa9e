import { Client } from 'pg';
import { tlsOptionsOf } from './data-source-options';
import type { DatabaseTls } from './data-source-options';

/**
 * Creating and dropping whole databases, for the migrate tool, the migration check and
 * test databases. Names are checked against a strict pattern because they cannot be
 * passed as query parameters.
 */

const SAFE_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

function quoteName(name: string): string {
  if (!SAFE_NAME.test(name)) throw new Error(`Refusing database name "${name}": use lower-case letters, digits and _`);
  return `"${name}"`;
}

/** The database name of a connection URL. */
export function databaseNameOf(databaseUrl: string): string {
  return decodeURIComponent(new URL(databaseUrl).pathname.replace(/^\//, ''));
}

/** The same server and credentials, another database. */
export function withDatabaseName(databaseUrl: string, name: string): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${encodeURIComponent(name)}`;
  return url.toString();
}

/** Runs `work` with a client connected to the server's `postgres` maintenance database (over TLS when given). */
export async function withAdminClient<T>(databaseUrl: string, work: (client: Client) => Promise<T>, tls?: DatabaseTls): Promise<T> {
  const client = new Client({
    connectionString: withDatabaseName(databaseUrl, 'postgres'),
    ...(tls === undefined ? {} : { ssl: tlsOptionsOf(tls) }),
  });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function databaseExists(client: Client, name: string): Promise<boolean> {
  const result = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  return (result.rowCount ?? 0) > 0;
}

export async function createDatabase(client: Client, name: string, options: { template?: string } = {}): Promise<void> {
  const template = options.template ? ` TEMPLATE ${quoteName(options.template)}` : '';
  await client.query(`CREATE DATABASE ${quoteName(name)}${template}`);
}

/** Drops the database, closing any connection still open to it. */
export async function dropDatabase(client: Client, name: string): Promise<void> {
  await client.query(`DROP DATABASE IF EXISTS ${quoteName(name)} WITH (FORCE)`);
}

/** @internal Exported for tests: libs/testing prepares test databases with it. */
export async function renameDatabase(client: Client, from: string, to: string): Promise<void> {
  await client.query(`ALTER DATABASE ${quoteName(from)} RENAME TO ${quoteName(to)}`);
}

/**
 * Creates the database of `databaseUrl` unless it exists. Two processes racing here is
 * harmless: the loser's "already exists" (42P04) is taken as success.
 */
export async function ensureDatabase(databaseUrl: string, tls?: DatabaseTls): Promise<boolean> {
  const name = databaseNameOf(databaseUrl);
  return withAdminClient(
    databaseUrl,
    async (client) => {
      if (await databaseExists(client, name)) return false;
      try {
        await createDatabase(client, name);
        return true;
      } catch (error) {
        if ((error as { code?: string }).code === '42P04' || (error as { code?: string }).code === '23505') return false;
        throw error;
      }
    },
    tls,
  );
}
