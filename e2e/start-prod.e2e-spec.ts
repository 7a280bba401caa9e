import { spawnSync } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { dropDatabase, withAdminClient, withDatabaseName } from '@quayside/data-access';
import { ACCOUNT_FEATURES } from '@quayside/domain';
import { JsonApiClient } from '@quayside/json-api';
import { TEST_SERVER_URL, testRedisPrefix } from '@quayside/testing';
import { AppProcess, compiledNodeFlags, freePort, ROOT } from './support/app-process';
import type { AppName } from './support/app-process';
import { readDelivery } from './support/notification-document';
import { commandLine, listensOn } from './support/process-inspection';
import { deleteRedisKeys } from './support/redis-prefix-cleanup';
import { WebhookSink } from './support/webhook-sink';

/**
 * `npm run start:prod` serves real traffic from compiled JavaScript: the production build
 * (tools/build.js into dist/), its migration and account tools run with plain node against an
 * empty database, and the three apps started from dist/ as tools/start.js --compiled starts
 * them, take a tracking request through to a signed webhook delivery at a real receiver.
 */

// Generous bounds for a loaded machine: they catch a process that never comes up, nothing more.
jest.setTimeout(300_000);

const APPS: AppName[] = ['api', 'tracker-worker', 'webhook-dispatcher'];
const hmac = (secret: string, data: string): Buffer => createHmac('sha256', Buffer.from(secret, 'utf8')).update(data, 'utf8').digest();

interface JsonApiOne {
  data: { id: string; attributes: Record<string, unknown> };
}

/** A compiled tool from dist/, run to completion with plain node. */
function runCompiled(script: string, args: string[], env: Record<string, string>): string {
  const result = spawnSync(process.execPath, [script, ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`node ${script} exited ${String(result.status)}:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

describe('npm run start:prod: the compiled apps serve a tracking request through to a signed webhook', () => {
  const databaseUrl = withDatabaseName(TEST_SERVER_URL, `quayside_test_${randomBytes(6).toString('hex')}`);
  const prefix = testRedisPrefix();
  const sink = new WebhookSink();
  const processes = new Map<AppName, AppProcess>();
  const ports = new Map<AppName, number>();
  let api: JsonApiClient;

  beforeAll(async () => {
    const build = spawnSync(process.execPath, ['tools/build.js'], { cwd: ROOT, encoding: 'utf8' });
    expect(build.status).toBe(0);
    expect(build.stdout).toMatch(/^built \d+ files into dist\//);
    for (const app of APPS) expect(existsSync(path.join(ROOT, 'dist', 'apps', app, 'src', 'main.js'))).toBe(true);

    // The database does not exist yet: the compiled migrate creates it, applies every migration and loads the reference data.
    expect(runCompiled('dist/tools/cli/migrate.js', [], { DATABASE_URL: databaseUrl })).toContain('Reference data loaded.');
    const created = runCompiled(
      'dist/tools/cli/create-account.js',
      ['--company', 'Compiled Freight', '--plan', 'paid', '--features', ACCOUNT_FEATURES.join(',')],
      { DATABASE_URL: databaseUrl },
    );
    const key = /API key\s+(\S+)/.exec(created)?.[1];
    if (key === undefined) throw new Error(`create-account printed no key:\n${created}`);

    for (const app of APPS) ports.set(app, await freePort());
    const common = { DATABASE_URL: databaseUrl, REDIS_PREFIX: prefix, OUTBOX_POLL_INTERVAL_MS: '50', LOG_LEVEL: 'info' };
    const webhookPolicy = { WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' };
    processes.set('api', new AppProcess('api', { ...common, ...webhookPolicy, PORT: String(ports.get('api')) }, { compiled: true }));
    processes.set(
      'tracker-worker',
      new AppProcess('tracker-worker', { ...common, OPS_PORT: String(ports.get('tracker-worker')) }, { compiled: true }),
    );
    processes.set(
      'webhook-dispatcher',
      new AppProcess(
        'webhook-dispatcher',
        { ...common, ...webhookPolicy, OPS_PORT: String(ports.get('webhook-dispatcher')) },
        { compiled: true },
      ),
    );
    await Promise.all([...processes].map(([app, proc]) => proc.waitReady(`http://127.0.0.1:${ports.get(app)}/health/ready`, 240_000)));
    api = new JsonApiClient(`http://127.0.0.1:${ports.get('api')}/v2`, key);
  });

  afterAll(async () => {
    await Promise.all([...processes.values()].map((proc) => proc.stop('SIGTERM')));
    await sink.close();
    await withAdminClient(TEST_SERVER_URL, (client) => dropDatabase(client, new URL(databaseUrl).pathname.slice(1)));
    await deleteRedisKeys(prefix);
  }, 60_000);

  it('runs each app from dist/ with plain node, and those processes are the ones answering on their ports', () => {
    for (const app of APPS) {
      const proc = processes.get(app);
      if (proc === undefined) throw new Error(`${app} not started`);
      expect(commandLine(proc.pid)).toEqual([process.execPath, ...compiledNodeFlags(app), `dist/apps/${app}/src/main.js`]);
      expect(listensOn(proc.pid, ports.get(app) ?? 0)).toBe(true);
    }
  });

  it('tracks a sandbox bill of lading and delivers tracking_request.succeeded, signed with the webhook secret', async () => {
    const receiverUrl = await sink.listen();
    const webhook = await api.expect<JsonApiOne>(201, 'POST', '/webhooks', {
      data: { type: 'webhook', attributes: { url: receiverUrl, active: true, events: ['tracking_request.succeeded'] } },
    });
    const secret = String(webhook.data.attributes['secret']);
    const request = await api.expect<JsonApiOne>(201, 'POST', '/tracking_requests', {
      data: { type: 'tracking_request', attributes: { request_number: 'TEST-TR-SUCCEEDED', request_type: 'bill_of_lading', scac: 'TEST' } },
    });

    await sink.waitFor((all) => all.length > 0, 120_000, 'the tracking_request.succeeded delivery');
    const [delivery] = sink.deliveries.map(readDelivery);
    if (delivery === undefined) throw new Error('no delivery');
    expect(delivery.document.data.attributes.event).toBe('tracking_request.succeeded');
    expect(delivery.document.included.find((resource) => resource.type === 'tracking_request')?.id).toBe(request.data.id);
    expect(delivery.headers['x-t49-webhook-signature']).toBe(hmac(secret, delivery.raw).toString('hex'));
    const { 'webhook-id': id = '', 'webhook-timestamp': timestamp = '' } = delivery.headers;
    expect(delivery.headers['webhook-signature']?.split(' ')).toContain(
      `v1,${hmac(secret, `${id}.${timestamp}.${delivery.raw}`).toString('base64')}`,
    );

    const tracked = await api.expect<JsonApiOne>(200, 'GET', `/tracking_requests/${request.data.id}`);
    expect(tracked.data.attributes['status']).toBe('succeeded');
  });
});
