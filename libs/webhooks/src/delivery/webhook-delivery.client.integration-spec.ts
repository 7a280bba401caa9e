import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseAllowList } from '../url-safety/address-policy';
import { assertSafeWebhookUrl } from '../url-safety/assert-safe-webhook-url';
import type { HostResolver } from '../url-safety/resolve-host';
import { signWebhook } from '../signing/webhook-signature';
import { WebhookDeliveryClient } from './webhook-delivery.client';

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A receiver on 127.0.0.1 whose answer each test scripts. */
async function startReceiver(
  answer: (req: Received, res: ServerResponse) => void,
): Promise<{ server: Server; base: string; port: number; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const entry = { path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(entry);
      answer(entry, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, base: `http://127.0.0.1:${port}`, port, received };
}

const local = { allowHttp: true, allow: parseAllowList('127.0.0.1') };
const secret = 's3cret-for-tests';
const body = JSON.stringify({ data: { id: 'n-1', type: 'webhook_notification' } });
const signatureHeaders = { ...signWebhook({ secret, id: 'n-1', timestamp: 1786700000, body }) };

describe('WebhookDeliveryClient against a local receiver', () => {
  const servers: Server[] = [];
  const clients: WebhookDeliveryClient[] = [];
  const client = (options: Partial<ConstructorParameters<typeof WebhookDeliveryClient>[0]> = {}) => {
    const created = new WebhookDeliveryClient({ policy: local, timeoutMs: 2_000, ...options });
    clients.push(created);
    return created;
  };
  const receiver = async (answer: (req: Received, res: ServerResponse) => void) => {
    const started = await startReceiver(answer);
    servers.push(started.server);
    return started;
  };

  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
    await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
  });

  it.each([200, 201, 202, 204])('delivers on %i with the signed body and custom headers, our headers winning', async (status) => {
    const { base, received } = await receiver((_req, res) => res.writeHead(status).end(status === 204 ? undefined : 'ok'));
    const result = await client().post({
      url: `${base}/hook`,
      body,
      signatureHeaders,
      customHeaders: [
        { name: 'X-Customer', value: 'acme' },
        { name: 'Webhook-Id', value: 'forged' },
      ],
    });
    expect(result).toMatchObject({ succeeded: true, status, error: null, failure: null });
    const got = received[0]!;
    expect(got.body).toBe(body);
    expect(got.headers['x-customer']).toBe('acme');
    expect(got.headers['webhook-id']).toBe('n-1');
    expect(got.headers['content-type']).toBe('application/json');
    expect(got.headers['x-t49-webhook-signature']).toBe(createHmac('sha256', secret).update(got.body).digest('hex'));
  });

  it('does not follow a redirect and counts it as a failure', async () => {
    const { base, received } = await receiver((req, res) => {
      if (req.path === '/hook') res.writeHead(302, { location: '/elsewhere' }).end();
      else res.writeHead(200).end();
    });
    const result = await client().post({ url: `${base}/hook`, body, signatureHeaders });
    expect(result).toMatchObject({ succeeded: false, status: 302, failure: 'other' });
    expect(result.error).toMatch(/redirect \(302\) to \/elsewhere not followed/);
    expect(received.map((r) => r.path)).toEqual(['/hook']);
  });

  it('keeps at most 20 KB of a large error answer', async () => {
    const { base } = await receiver((_req, res) => res.writeHead(500).end('x'.repeat(200_000)));
    const result = await client().post({ url: `${base}/hook`, body, signatureHeaders });
    expect(result).toMatchObject({ succeeded: false, status: 500, failure: 'other' });
    expect(result.responseBody).toHaveLength(20 * 1024);
  });

  it('reads 429 with Retry-After as rate limiting', async () => {
    const { base } = await receiver((_req, res) => res.writeHead(429, { 'retry-after': '120' }).end());
    const result = await client().post({ url: `${base}/hook`, body, signatureHeaders });
    expect(result).toMatchObject({ succeeded: false, status: 429, failure: 'rate-limited', retryAfterMs: 120_000 });
  });

  it('gives up on a receiver that does not answer in time', async () => {
    const { base } = await receiver(() => undefined);
    const result = await client({ timeoutMs: 300 }).post({ url: `${base}/hook`, body, signatureHeaders });
    expect(result).toMatchObject({ succeeded: false, status: null, failure: 'timeout', error: 'no answer within 300 ms' });
  });

  it('refuses an address outside the allow list before connecting, in any spelling', async () => {
    for (const url of [
      'http://127.0.0.2:9/hook',
      'http://2130706434:9/hook',
      'http://[::ffff:127.0.0.2]:9/hook',
      'https://10.0.0.1/hook',
    ]) {
      const result = await client().post({ url, body, signatureHeaders });
      expect(result).toMatchObject({ succeeded: false, status: null, failure: 'other' });
      expect(result.error).toMatch(/loopback|private/);
    }
  });

  it('refuses at connect time a host whose DNS now points at a private address (rebinding)', async () => {
    const { port, received } = await receiver((_req, res) => res.writeHead(200).end());
    let answer = ['127.0.0.1'];
    const dns: HostResolver = async () => answer;
    const rebinding = client({ resolve: dns });
    const url = `http://receiver.test:${port}/hook`;

    expect(await rebinding.post({ url, body, signatureHeaders })).toMatchObject({ succeeded: true, status: 200 });

    answer = ['10.0.0.5'];
    // A fresh client: no pooled connection, so the next attempt must resolve and connect again.
    const fresh = client({ resolve: dns });
    const result = await fresh.post({ url, body, signatureHeaders });
    expect(result).toMatchObject({ succeeded: false, status: null, failure: 'other' });
    expect(result.error).toMatch(/refused to connect to "receiver.test": 10\.0\.0\.5 is a private address/);
    expect(received).toHaveLength(1);
  });

  it('accepts a host at creation that later resolves to the metadata address, and refuses it at delivery', async () => {
    let answer = ['93.184.216.34'];
    const dns: HostResolver = async () => answer;
    const strict = { allowHttp: false, allow: parseAllowList('') };
    await expect(assertSafeWebhookUrl('https://hooks.customer.test/in', strict, dns)).resolves.toBeInstanceOf(URL);
    answer = ['169.254.169.254'];
    const result = await client({ policy: strict, resolve: dns }).post({ url: 'https://hooks.customer.test/in', body, signatureHeaders });
    expect(result.error).toMatch(/169\.254\.169\.254 is a link-local address/);
  });
});
