import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { JsonApiClient } from './json-api-client';

describe('JsonApiClient against a local HTTP server', () => {
  let server: Server;
  let base: string;
  const seen: { method: string; url: string; headers: IncomingHttpHeaders; body: string }[] = [];
  let limited = 0;

  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        seen.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body });
        if (request.url === '/v2/limited' && limited > 0) {
          limited -= 1;
          response
            .writeHead(429, { 'retry-after': '1', 'content-type': 'application/vnd.api+json' })
            .end('{"errors":[{"title":"Too Many Requests"}]}');
          return;
        }
        if (request.url === '/v2/empty') return void response.writeHead(204).end();
        response
          .writeHead(request.method === 'POST' ? 201 : 200, { 'content-type': 'application/vnd.api+json' })
          .end(JSON.stringify({ data: { id: '1', type: 'x' } }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('sends the key as Token, JSON:API bodies, and reads the answer', async () => {
    const client = new JsonApiClient(`${base}/v2/`, 'qs_test_key');
    const answer = await client.expect<{ data: { id: string } }>(201, 'POST', '/things', { data: { type: 'x' } });
    expect(answer.data.id).toBe('1');
    const request = seen.at(-1)!;
    expect(request).toMatchObject({ method: 'POST', url: '/v2/things', body: '{"data":{"type":"x"}}' });
    expect(request.headers).toMatchObject({
      authorization: 'Token qs_test_key',
      'content-type': 'application/vnd.api+json',
      accept: 'application/vnd.api+json',
    });
  });

  it('waits out a 429 and returns the answer that follows', async () => {
    limited = 1;
    const response = await new JsonApiClient(base, 'k').request('GET', '/limited');
    expect(response.status).toBe(200);
    expect(seen.filter((request) => request.url === '/v2/limited')).toHaveLength(2);
  });

  it('returns the 429 once its retries are spent, and a null body for an empty answer', async () => {
    limited = 2;
    expect((await new JsonApiClient(base, 'k', { rateLimitedRetries: 0 }).request('GET', '/limited')).status).toBe(429);
    expect((await new JsonApiClient(base, 'k').request('GET', '/empty')).body).toBeNull();
  });

  it('expect() names the call and the answer when the status is not the one expected', async () => {
    await expect(new JsonApiClient(base, 'k').expect(404, 'GET', '/things')).rejects.toThrow('GET /v2/things: expected 404, got 200');
  });
});
