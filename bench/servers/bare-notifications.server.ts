/**
 * The bare limit of the api's stack for webhook notifications: `node:http`, a `pg` pool of the
 * api's size, the SQL the repositories send (captured from TypeORM into a plan file, see
 * bench/api/notification-sql.ts), in the same order, and `JSON.stringify` of the rows. No
 * framework, authentication, rate limit, validation or JSON:API shaping.
 *
 *   node -r @swc-node/register bench/servers/bare-notifications.server.ts <port> <plan.json>
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { ServerResponse } from 'node:http';
import { Pool } from 'pg';
import type { ListStatements } from '../api/captured-sql';
import type { NotificationPage, NotificationPlan } from '../api/notification-sql';
import { PAGE_SIZE } from '../api/notification-sql';

type Row = Record<string, unknown>;

const [portArgument, planFile] = process.argv.slice(2);
const port = Number(portArgument);
if (!Number.isInteger(port) || port <= 0 || planFile === undefined) {
  console.error('usage: bare-notifications.server.ts <port> <plan.json>');
  process.exit(2);
}
const plan = JSON.parse(readFileSync(planFile, 'utf8')) as NotificationPlan;
// The api's TypeORM pool: pg's default of 10 connections, UTC sessions.
const pool = new Pool({ connectionString: plan.databaseUrl, max: 10, options: '-c TimeZone=UTC' });

async function list(statements: ListStatements): Promise<unknown> {
  const read = (await pool.query<Row>(statements.rows.sql, statements.rows.params)).rows;
  const page = read.slice(0, PAGE_SIZE);
  // The repository reads the last page backwards; the api turns it, so this does too.
  if (/\bDESC\b/.test(statements.rows.sql)) page.reverse();
  const [count] = (await pool.query<Row>(statements.count.sql, statements.count.params)).rows;
  return { data: page, meta: { total: Number(count?.['total'] ?? 0) } };
}

/** The captured redelivery's parameters, with the notification asked for in place of the captured one. */
function withId(value: unknown, id: string): unknown {
  if (typeof value === 'string') return value.replaceAll(plan.redeliveredId, id);
  if (Array.isArray(value)) return value.map((item) => withId(item, id));
  return value;
}

async function redeliver(id: string): Promise<unknown> {
  const client = await pool.connect();
  let last: Row[] = [];
  try {
    for (const statement of plan.redelivery) {
      const rows = (await client.query<Row>(statement.sql, withId(statement.params, id) as unknown[])).rows;
      if (rows.length > 0) last = rows;
    }
  } finally {
    client.release();
  }
  return { data: last[0] ?? null };
}

const PAGES: Record<string, NotificationPage> = { '': 'first', 'page[before]=end': 'last', 'filter[delivery_status]=failed': 'failed' };

function route(method: string, url: URL): Promise<unknown> | null {
  if (method === 'GET' && url.pathname === '/health') return Promise.resolve({ ok: true });
  if (method === 'GET' && url.pathname === '/v2/webhook_notifications') {
    const which = [...url.searchParams.keys()]
      .filter((name) => name !== 'page[size]')
      .map((name) => `${name}=${url.searchParams.get(name)}`);
    const page = PAGES[which.join('&')];
    return page === undefined ? null : list(plan.lists[page]);
  }
  const one = /^\/v2\/webhook_notifications\/([0-9a-f-]{36})\/redeliver$/.exec(url.pathname);
  if (method === 'POST' && one) return redeliver(one[1]!);
  return null;
}

function send(response: ServerResponse, status: number, document: unknown): void {
  const body = JSON.stringify(document);
  response.writeHead(status, { 'content-type': 'application/vnd.api+json', 'content-length': Buffer.byteLength(body) }).end(body);
}

const server = createServer((request, response) => {
  request.resume();
  const answer = route(request.method ?? 'GET', new URL(request.url ?? '/', 'http://127.0.0.1'));
  if (answer === null) return send(response, 404, { errors: [{ status: '404' }] });
  answer.then(
    (document) => send(response, 200, document),
    (error: unknown) =>
      send(response, 500, { errors: [{ status: '500', detail: error instanceof Error ? error.message : String(error) }] }),
  );
});
server.keepAliveTimeout = 10_000;
server.listen(port, '127.0.0.1');
process.on('SIGTERM', () => {
  server.closeAllConnections();
  server.close(() => void pool.end().then(() => process.exit(0)));
});
