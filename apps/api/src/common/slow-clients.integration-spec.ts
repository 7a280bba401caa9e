import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { ApiTestContext } from '../test/api-test-app';
import { rawRequest } from '../test/raw-http';

type Stall = 'headers' | 'body' | 'idle';

interface Held {
  stall: Stall;
  /** Everything the api sent on this connection, once it closed it. */
  closed: Promise<string>;
}

const OPENING: Readonly<Record<Stall, string>> = {
  // Headers that never end.
  headers: 'GET /health/live HTTP/1.1\r\nHost: quayside.test\r\nX-Slow: ',
  // 1,000 bytes declared, 59 sent (issue 47's case).
  body: `POST /v2/tracking_requests HTTP/1.1\r\nHost: quayside.test\r\nContent-Type: application/vnd.api+json\r\nContent-Length: 1000\r\n\r\n${'{"data":{"type":"tracking_request","attributes":{"x":"'.padEnd(59, 'y')}`,
  // A whole request on a keep-alive connection, then nothing.
  idle: 'GET /health/live HTTP/1.1\r\nHost: quayside.test\r\n\r\n',
};

/** A connection that sends its opening bytes and then nothing; `closed` settles when the api closes it. */
function hold(port: number, stall: Stall): Promise<Held> {
  return new Promise((opened, failed) => {
    const socket = connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    const closed = new Promise<string>((resolve) => {
      socket.on('data', (chunk: Buffer) => received.push(chunk));
      // The api ends its side (after a 408) or closes the idle connection: either way the socket ends.
      socket.on('close', () => resolve(Buffer.concat(received).toString('latin1')));
    });
    socket.on('error', () => undefined);
    socket.once('connect', () => {
      socket.write(OPENING[stall], 'latin1');
      // Once the api has ended its side, this client closes its own, as a client reading an answer does.
      socket.on('end', () => socket.end());
      opened({ stall, closed });
    });
    socket.once('error', failed);
  });
}

/**
 * docs/json-api.md "Requests the api refuses": a request whose headers or body never finish,
 * and a keep-alive connection left idle, are bounded by HTTP_*_TIMEOUT_MS. 200 such connections
 * at once neither stay open nor keep the api from answering others.
 */
describe('clients that never finish a request', () => {
  let ctx: ApiTestContext;
  let app: NestFastifyApplication;
  let port: number;

  beforeAll(async () => {
    ctx = await ApiTestContext.create();
    app = await ctx.startApp({ HTTP_HEADERS_TIMEOUT_MS: 1500, HTTP_REQUEST_TIMEOUT_MS: 3000, HTTP_KEEP_ALIVE_TIMEOUT_MS: 1500 });
    await app.listen(0, '127.0.0.1');
    port = (app.getHttpServer().address() as AddressInfo).port;
  });

  afterAll(async () => {
    await ctx.close();
  });

  it('answers 408 as JSON:API and closes each of 200 stalled connections, answering others meanwhile', async () => {
    const stalls: Stall[] = Array.from({ length: 200 }, (_, index) => (['headers', 'body', 'idle'] as const)[index % 3]!);
    const held = await Promise.all(stalls.map((stall) => hold(port, stall)));

    // While all 200 are held, another client is answered.
    const other = await rawRequest(port, { head: 'GET /health/live HTTP/1.1\r\nHost: quayside.test\r\nConnection: close\r\n\r\n' });
    expect(other.status).toBe(200);

    const answers = await Promise.all(held.map(async ({ stall, closed }) => ({ stall, text: await closed })));
    for (const { stall, text } of answers) {
      if (stall === 'idle') {
        // Its one request was answered; then the idle connection was closed with nothing more.
        expect(text.match(/^HTTP\/1\.1 /gm)).toHaveLength(1);
        expect(text).toMatch(/^HTTP\/1\.1 200 /);
        continue;
      }
      expect(text).toMatch(/^HTTP\/1\.1 408 /);
      expect(text).toMatch(/\r\nContent-Type: application\/vnd\.api\+json/i);
      const body = JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)) as { errors: Array<{ status: string; title: string }> };
      expect(body.errors[0]).toMatchObject({ status: '408', title: 'Request Timeout' });
    }
    expect(answers.filter(({ stall }) => stall !== 'idle')).toHaveLength(134);
  });
});
