/**
 * The webhook receiver of the freshness scenario, in a process of its own: it checks each post's
 * signature with the webhook's secret (`X-T49-Webhook-Signature`, docs/webhooks.md), answers 200,
 * and appends when it received which shipment's arrival estimate (JSON lines), for the bench to
 * match with the carrier's change.
 *
 *   node -r @swc-node/register bench/servers/freshness-receiver.server.ts <port> <secret> <log file>
 */
import { timingSafeEqual } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { createServer } from 'node:http';
import { t49Signature } from '@quayside/webhooks';

const [portArgument, secret, logFile] = process.argv.slice(2);
const port = Number(portArgument);
if (!Number.isInteger(port) || port <= 0 || !secret || !logFile) {
  console.error('usage: freshness-receiver.server.ts <port> <secret> <log file>');
  process.exit(2);
}

const log = createWriteStream(logFile, { flags: 'a' });

/** The check a client makes (docs/webhooks.md): the hex HMAC of the body, compared in constant time. */
function signedBy(body: string, signature: string): boolean {
  const expected = Buffer.from(t49Signature(secret!, body), 'utf8');
  const given = Buffer.from(signature.trim().toLowerCase(), 'utf8');
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The first value under `key` anywhere in the document (the payload's included shipment and event). */
function find(value: unknown, key: string): unknown {
  if (value === null || typeof value !== 'object') return undefined;
  if (!Array.isArray(value) && key in value) return (value as Record<string, unknown>)[key];
  for (const child of Object.values(value)) {
    const found = find(child, key);
    if (found !== undefined) return found;
  }
  return undefined;
}

const server = createServer((request, response) => {
  if (request.method === 'GET') {
    response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    return;
  }
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const at = Date.now();
    const body = Buffer.concat(chunks).toString('utf8');
    const signature = request.headers['x-t49-webhook-signature'];
    const signed = typeof signature === 'string' && signedBy(body, signature);
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(body);
    } catch {
      parsed = null;
    }
    const entry = {
      at,
      signed,
      event: find(parsed, 'event'),
      billOfLading: find(parsed, 'bill_of_lading_number'),
      estimated: find(parsed, 'estimated_timestamp'),
    };
    log.write(`${JSON.stringify(entry)}\n`);
    response.writeHead(200, { 'content-type': 'text/plain', 'content-length': '2' }).end('ok');
  });
});
server.keepAliveTimeout = 10_000;
server.listen(port, '127.0.0.1');
process.on('SIGTERM', () => {
  server.closeAllConnections();
  server.close(() => log.end(() => process.exit(0)));
});
