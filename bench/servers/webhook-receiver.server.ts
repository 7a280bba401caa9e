/**
 * A webhook receiver for the bench, in a process of its own: reads each body whole and
 * answers 200 at once, so the sender's side is what is measured — except under `/slow/`,
 * which answers after 2 s (the slow endpoint of the fairness row).
 *
 *   node -r @swc-node/register bench/servers/webhook-receiver.server.ts <port>
 */
import { createServer } from 'node:http';

const port = Number(process.argv[2]);
if (!Number.isInteger(port) || port <= 0) {
  console.error('usage: webhook-receiver.server.ts <port>');
  process.exit(2);
}

const SLOW_ANSWER_MS = 2_000;
let received = 0;
const server = createServer((request, response) => {
  if (request.method === 'GET') {
    // Readiness probe and the count of posts received so far.
    response.writeHead(200, { 'content-type': 'text/plain' }).end(String(received));
    return;
  }
  request.on('data', () => undefined);
  request.on('end', () => {
    received += 1;
    const answer = (): void => void response.writeHead(200, { 'content-type': 'text/plain', 'content-length': '2' }).end('ok');
    if (request.url?.startsWith('/slow/')) setTimeout(answer, SLOW_ANSWER_MS);
    else answer();
  });
});
server.keepAliveTimeout = 10_000;
server.listen(port, '127.0.0.1');
process.on('SIGTERM', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
