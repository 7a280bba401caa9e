import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent } from 'undici';
import { HttpConnections } from './http-connections';

let server: Server;
let baseUrl: string;
let connections = 0;
let hang = false;
const clients: HttpConnections[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    if (hang) return;
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () =>
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ method: request.method, body })),
    );
  });
  server.on('connection', () => (connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  connections = 0;
  hang = false;
});

function own(): HttpConnections {
  const created = new HttpConnections({ agent: { connections: 1, keepAliveTimeout: 10_000 } });
  clients.push(created);
  return created;
}

describe('HttpConnections', () => {
  it('sends through its own pool, built with the first request and kept for the next ones', async () => {
    const client = own();
    const first = await client.request(`${baseUrl}/a`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'hello',
      timeoutMs: 5_000,
    });
    expect(first.statusCode).toBe(200);
    expect(await first.body.json()).toEqual({ method: 'POST', body: 'hello' });
    const second = await client.request(new URL('/b', baseUrl), { method: 'GET', headers: {}, timeoutMs: 5_000 });
    expect(await second.body.json()).toEqual({ method: 'GET', body: '' });
    expect(connections).toBe(1);
  });

  it('fails a request once closed, even when closed before its first request, as a closed undici Agent does', async () => {
    // Not in `clients`: a second close rejects, as it does on an Agent.
    const client = new HttpConnections({ agent: { connections: 1 } });
    await client.close();
    await expect(client.request(baseUrl, { method: 'GET', headers: {}, timeoutMs: 5_000 })).rejects.toMatchObject({
      code: 'UND_ERR_DESTROYED',
    });
    const agent = new Agent();
    await agent.close();
    await expect(agent.request({ origin: baseUrl, path: '/', method: 'GET' })).rejects.toMatchObject({ code: 'UND_ERR_DESTROYED' });
  });

  it('uses a given dispatcher and leaves closing it to its owner', async () => {
    const given = new Agent({ connections: 1 });
    const client = new HttpConnections({ dispatcher: given, agent: { connections: 4 } });
    await (await client.request(baseUrl, { method: 'GET', headers: {}, timeoutMs: 5_000 })).body.text();
    await client.close();
    expect(given.closed).toBe(false);
    await (await client.request(baseUrl, { method: 'GET', headers: {}, timeoutMs: 5_000 })).body.text();
    await given.close();
  });

  it('gives up on a server that does not answer within the timeout', async () => {
    hang = true;
    // The server never answers: only the request's own timeout can end this (undici's defaults
    // wait 300 s, far beyond Jest's limit), and a TimeoutError names that timeout. No clock is
    // read here, so a loaded machine makes the test slower, never red.
    await expect(own().request(baseUrl, { method: 'GET', headers: {}, timeoutMs: 200 })).rejects.toMatchObject({ name: 'TimeoutError' });
  });
});
