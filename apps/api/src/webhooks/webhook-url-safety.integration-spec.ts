import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { Test } from '@nestjs/testing';
import type { ProvisionedAccount } from '@quayside/data-access';
import type { HostResolver } from '@quayside/webhooks';
import { AppModule } from '../app.module';
import { configureHttpPlatform } from '../common/configure-http-platform';
import { ApiTestContext, call, testApiConfig } from '../test/api-test-app';
import { WEBHOOK_HOST_RESOLVER } from './webhooks.options';

/** A DNS under the test's control: public names, names that point inside, and names that do not exist. */
const DNS: Record<string, string[]> = {
  'hooks.example.com': ['93.184.215.14'],
  'internal.example.test': ['10.1.2.3'],
  'metadata.example.test': ['169.254.169.254'],
  'mixed.example.test': ['93.184.215.14', '192.168.1.20'],
  'v6-loopback.example.test': ['::1'],
  'mapped.example.test': ['::ffff:127.0.0.1'],
};
const resolver: HostResolver = async (host) => {
  const addresses = DNS[host];
  if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return addresses;
};

interface ApiError {
  status: string;
  detail: string;
  source?: { pointer?: string };
  meta?: { reason?: string };
}

/**
 * Production URL rules (https only, nothing allow-listed) with the resolver replaced, so a host
 * name that resolves inside the network can be shown refused without a real DNS.
 */
describe('webhook URLs: server-side request forgery is refused when a webhook is created or changed', () => {
  let ctx: ApiTestContext;
  let app: NestFastifyApplication;
  let owner: ProvisionedAccount;

  beforeAll(async () => {
    ctx = await ApiTestContext.create();
    const moduleRef = await Test.createTestingModule({ imports: [AppModule.forRoot(testApiConfig(ctx.db.url, ctx.redisPrefix))] })
      .overrideProvider(WEBHOOK_HOST_RESOLVER)
      .useValue(resolver)
      .compile();
    app = moduleRef.createNestApplication<NestFastifyApplication>(new FastifyAdapter(), { logger: false });
    app.setGlobalPrefix('v2');
    configureHttpPlatform(app, { maxDepth: 32 });
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
    ctx.apps.push(app);
    owner = await ctx.account();
  });

  afterAll(async () => {
    await ctx.close();
  });

  const create = (url: string) =>
    call(app, 'POST', '/v2/webhooks', {
      key: owner.key,
      body: { data: { type: 'webhook', attributes: { url, events: ['container.updated'] } } },
    });

  it.each([
    ['http when http is not allowed', 'http://hooks.example.com/quayside', 'the scheme must be https'],
    ['a loopback address not allow-listed', 'https://127.0.0.1:8443/hook', '127.0.0.1 is a loopback address'],
    ['a loopback address spelled as one number', 'https://2130706433/hook', '127.0.0.1 is a loopback address'],
    ['a loopback address spelled in octal', 'https://0177.0.0.1/hook', '127.0.0.1 is a loopback address'],
    ['a private address', 'https://10.0.0.1/hook', '10.0.0.1 is a private address'],
    ['another private range', 'https://172.16.5.4/hook', 'private'],
    ['the cloud metadata address', 'https://169.254.169.254/latest/meta-data/', '169.254.169.254 is a link-local address'],
    ['IPv6 loopback', 'https://[::1]/hook', '::1 is a loopback address'],
    ['an IPv4-mapped private address', 'https://[::ffff:10.0.0.1]/hook', 'IPv4-mapped form of 10.0.0.1, a private address'],
    ['a NAT64 private address', 'https://[64:ff9b::a00:1]/hook', 'NAT64 form of 10.0.0.1, a private address'],
    ['a shared (CGNAT) address', 'https://100.64.0.1/hook', '100.64.0.1 is a shared (CGNAT) address'],
    ['the unspecified address', 'https://0.0.0.0/hook', '0.0.0.0 is a unspecified address'],
    ['IPv6 unspecified', 'https://[::]/hook', 'unspecified'],
    ['a multicast address', 'https://224.0.0.1/hook', 'multicast'],
    ['IPv6 link-local', 'https://[fe80::1]/hook', 'link-local'],
    ['IPv6 unique local', 'https://[fd00::1]/hook', 'unique local'],
    [
      'a host name that resolves to a private address',
      'https://internal.example.test/hook',
      'the host "internal.example.test" resolves to 10.1.2.3 is a private address',
    ],
    ['a host name that resolves to the metadata address', 'https://metadata.example.test/', 'link-local'],
    ['a host name with one private address among public ones', 'https://mixed.example.test/', '192.168.1.20 is a private address'],
    ['a host name that resolves to IPv6 loopback', 'https://v6-loopback.example.test/', 'loopback'],
    ['a host name that resolves to a mapped loopback address', 'https://mapped.example.test/', 'IPv4-mapped form of 127.0.0.1'],
    ['a host name that does not resolve', 'https://nowhere.example.test/', 'does not resolve'],
    ['credentials in the URL', 'https://user:secret@hooks.example.com/', 'credentials'],
    ['another scheme', 'ftp://hooks.example.com/', 'the scheme must be https'],
  ])('refuses %s with 422 naming the problem', async (_label, url, reason) => {
    const response = await create(url);
    expect(response.status).toBe(422);
    const [error] = response.json!['errors'] as ApiError[];
    expect(error).toMatchObject({ status: '422', source: { pointer: '/data/attributes/url' } });
    expect(error!.detail).toContain(reason);
    expect(error!.meta?.reason).toBeDefined();
  });

  it('accepts an https URL whose host resolves to public addresses only', async () => {
    const response = await create('https://hooks.example.com/quayside?account=7');
    expect(response.status).toBe(201);
  });

  it('refuses a change of URL to an internal host, and keeps the old URL', async () => {
    const created = await create('https://hooks.example.com/quayside');
    const id = (created.json!['data'] as { id: string }).id;
    const changed = await call(app, 'PATCH', `/v2/webhooks/${id}`, {
      key: owner.key,
      body: { data: { type: 'webhook', attributes: { url: 'https://internal.example.test/hook' } } },
    });
    expect(changed.status).toBe(422);
    expect((changed.json!['errors'] as ApiError[])[0]).toMatchObject({ source: { pointer: '/data/attributes/url' } });
    const read = await call(app, 'GET', `/v2/webhooks/${id}`, { key: owner.key });
    expect((read.json!['data'] as { attributes: { url: string } }).attributes.url).toBe('https://hooks.example.com/quayside');
  });

  it('refuses a test delivery to an internal address before any connection', async () => {
    const response = await call(app, 'POST', '/v2/webhooks/trigger', {
      key: owner.key,
      body: { url: 'https://metadata.example.test/latest', event: 'container.updated' },
    });
    expect(response.status).toBe(422);
    expect((response.json!['errors'] as ApiError[])[0]).toMatchObject({ source: { pointer: '/url' } });
    expect((response.json!['errors'] as ApiError[])[0]!.detail).toContain('169.254.169.254');
  });
});
