/**
 * The bare limit of the api's stack: `node:http`, a `pg` pool of the api's size, the SQL the
 * repositories send (captured from TypeORM into a plan file, see bench/api/captured-sql.ts),
 * sent in the same order, and `JSON.stringify` of the rows. No framework, authentication, rate
 * limit, validation or JSON:API shaping.
 *
 *   node -r @swc-node/register bench/servers/bare-api.server.ts <port> <plan.json>
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { ServerResponse } from 'node:http';
import { Pool } from 'pg';
import type { QueryPlan } from '../api/captured-sql';
import { pageKey } from '../api/captured-sql';

type Row = Record<string, unknown>;

const [portArgument, planFile] = process.argv.slice(2);
const port = Number(portArgument);
if (!Number.isInteger(port) || port <= 0 || planFile === undefined) {
  console.error('usage: bare-api.server.ts <port> <plan.json>');
  process.exit(2);
}
const plan = JSON.parse(readFileSync(planFile, 'utf8')) as QueryPlan;
// The api's TypeORM pool: pg's default of 10 connections, UTC sessions.
// TypeORM aliases columns `<alias>_<column>`: `row_id` goes with `row_account_id`.
const containerAccountColumn = `${plan.containerIdColumn.replace(/_id$/, '')}_account_id`;
const pool = new Pool({ connectionString: plan.databaseUrl, max: 10, options: '-c TimeZone=UTC' });

async function rows(sql: string, params: readonly unknown[]): Promise<Row[]> {
  return (await pool.query<Row>(sql, [...params])).rows;
}

async function withTransportEventIds(containers: Row[]): Promise<Row[]> {
  if (containers.length === 0) return containers;
  const ids = containers.map((row) => row[plan.containerIdColumn]);
  const grouped = await rows(plan.transportEventIds, [plan.accountId, ids]);
  const byContainer = new Map(grouped.map((group) => [group['container_id'], group['ids']]));
  return containers.map((row) => ({ ...row, transport_event_ids: byContainer.get(row[plan.containerIdColumn]) ?? [] }));
}

/**
 * The repositories read one row more than the page (to know whether a next page exists) and read
 * the last page backwards; the api trims and turns it, so this does too.
 */
function asPage(read: Row[], sql: string, size: number): Row[] {
  const page = read.slice(0, size);
  return /\bDESC\b/.test(sql) ? page.reverse() : page;
}

async function listContainers(key: string, size: number): Promise<unknown> {
  const statements = plan.containerLists[key];
  if (!statements) return null;
  const page = asPage(await rows(statements.rows.sql, statements.rows.params), statements.rows.sql, size);
  const [count] = await rows(statements.count.sql, statements.count.params);
  return { data: await withTransportEventIds(page), meta: { total: Number(count?.['total'] ?? 0) } };
}

async function getContainer(id: string): Promise<unknown> {
  const [row] = await rows(plan.containerById, [id]);
  if (!row || row[containerAccountColumn] !== plan.accountId) return null;
  const [withIds] = await withTransportEventIds([row]);
  return { data: withIds };
}

async function listShipmentsWithContainers(key: string, size: number): Promise<unknown> {
  const statements = plan.shipmentLists[key];
  if (!statements) return null;
  const page = asPage(await rows(statements.rows.sql, statements.rows.params), statements.rows.sql, size);
  const [count] = await rows(statements.count.sql, statements.count.params);
  if (page.length === 0) return { data: page, included: [], meta: { total: Number(count?.['total'] ?? 0) } };
  const links = await rows(plan.shipmentContainerIds, [page.map((row) => row[plan.shipmentIdColumn]), plan.accountId]);
  const byShipment = new Map(links.map((link) => [link['shipment_id'], link['ids'] as string[]]));
  const shipments = page.map((row) => ({ ...row, container_ids: byShipment.get(row[plan.shipmentIdColumn]) ?? [] }));
  const containerIds = shipments.flatMap((row) => row.container_ids);
  const containers =
    containerIds.length === 0 ? [] : await withTransportEventIds(await rows(plan.containersByIds, [plan.accountId, containerIds]));
  return { data: shipments, included: containers, meta: { total: Number(count?.['total'] ?? 0) } };
}

function route(method: string, url: URL): Promise<unknown> | null {
  if (method !== 'GET') return null;
  const size = Number(url.searchParams.get('page[size]') ?? '30');
  const key = pageKey(Number(url.searchParams.get('page[number]') ?? '1'), size);
  if (url.pathname === '/health') return Promise.resolve({ ok: true });
  if (url.pathname === '/v2/containers') return listContainers(key, size);
  if (url.pathname === '/v2/shipments') return listShipmentsWithContainers(key, size);
  const one = /^\/v2\/containers\/([0-9a-f-]{36})$/.exec(url.pathname);
  if (one) return getContainer(one[1]!);
  return null;
}

function send(response: ServerResponse, status: number, document: unknown): void {
  const body = JSON.stringify(document);
  response.writeHead(status, { 'content-type': 'application/vnd.api+json', 'content-length': Buffer.byteLength(body) }).end(body);
}

const server = createServer((request, response) => {
  const answer = route(request.method ?? 'GET', new URL(request.url ?? '/', 'http://127.0.0.1'));
  if (answer === null) return send(response, 404, { errors: [{ status: '404' }] });
  answer.then(
    (document) => (document === null ? send(response, 404, { errors: [{ status: '404' }] }) : send(response, 200, document)),
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
