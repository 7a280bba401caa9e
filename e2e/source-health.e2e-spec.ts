import AxeBuilder from '@axe-core/playwright';
import { AccountRepository } from '@quayside/data-access';
import { createTestDatabase, eventually, launchChromium, RecordingServer, testRedisPrefix } from '@quayside/testing';
import type { TestDatabase } from '@quayside/testing';
import { standardWebhookSignature } from '@quayside/webhooks';
import type { Browser } from 'playwright-core';
import { AppProcess, freePort } from './support/app-process';
import { deleteRedisKeys } from './support/redis-prefix-cleanup';
import { WebhookSink } from './support/webhook-sink';

// Two apps that compile as they load, then a source that must fail for SOURCE_DOWN_AFTER_SECONDS:
// bounds for a process that never answers, not speeds.
jest.setTimeout(10 * 60_000);

const OPERATOR_TOKEN = 'operator-token-for-e2e-0123';
const OPERATOR_SECRET = 'operator-webhook-secret-0123';

interface OperatorSource {
  kind: string;
  code: string;
  status: string;
  last_error: { at: string; class: string; detail: string } | null;
  calls_last_hour: number;
  errors_last_hour: number;
}

/**
 * A configured carrier that refuses our credentials (a DCSA source answering 401 to every call),
 * as the operator and the users see it: the health record (`/operator/sources`), the metric
 * (`/metrics`), the operator's notification (a local receiver, signed) once the source has failed
 * for SOURCE_DOWN_AFTER_SECONDS, and the console's Sources page in Chromium (docs/carriers.md,
 * "Source health").
 */
describe('a configured source that refuses credentials', () => {
  let db: TestDatabase;
  const prefix = testRedisPrefix();
  let carrier: RecordingServer;
  const receiver = new WebhookSink();
  const processes: AppProcess[] = [];
  let base: string;
  let key: string;
  let browser: Browser | undefined;

  const operator = async (path: string): Promise<Response> =>
    fetch(`${base}${path}`, { headers: { authorization: `Bearer ${OPERATOR_TOKEN}` } });
  const maeu = async (): Promise<OperatorSource | undefined> => {
    const body = (await (await operator('/operator/sources')).json()) as { sources: OperatorSource[] };
    return body.sources.find((source) => source.kind === 'carrier' && source.code === 'MAEU');
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    ({ key } = await new AccountRepository(db.dataSource).createWithFirstKey(
      { company_name: 'Refused Freight', plan: 'paid', trial_ends_at: null, features: [] },
      'e2e key',
    ));
    carrier = await RecordingServer.start((_request, response) =>
      response.writeHead(401, { 'content-type': 'application/json' }).end('{"message":"invalid client credentials"}'),
    );
    const receiverUrl = await receiver.listen();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const common = { DATABASE_URL: db.url, REDIS_PREFIX: prefix, OUTBOX_POLL_INTERVAL_MS: '50', LOG_LEVEL: 'warn' };
    const tracker = new AppProcess('tracker-worker', {
      ...common,
      LOG_LEVEL: 'info',
      CARRIERS_CONFIG: JSON.stringify({
        carriers: [{ scac: 'MAEU', kind: 'dcsa', baseUrl: carrier.baseUrl, auth: { type: 'api_key', header: 'API-Key', key: 'k' } }],
      }),
      SOURCE_DOWN_AFTER_SECONDS: '10',
      SOURCE_HEALTH_CHECK_MS: '250',
      OPERATOR_WEBHOOK_URL: receiverUrl,
      OPERATOR_WEBHOOK_SECRET: OPERATOR_SECRET,
    });
    const api = new AppProcess('api', { ...common, PORT: String(port), OPERATOR_TOKEN });
    processes.push(tracker, api);
    await Promise.all([
      api.waitReady(`${base}/health/ready`, 180_000),
      tracker.opsUrl(180_000).then((url) => tracker.waitReady(`${url}/health/ready`, 180_000)),
    ]);
  }, 400_000);

  afterAll(async () => {
    await browser?.close();
    await Promise.all(processes.map((p) => p.stop('SIGTERM')));
    await receiver.close();
    await carrier?.close();
    await db?.drop();
    await deleteRedisKeys(prefix);
  }, 60_000);

  it('is recorded as refusing credentials, shown in the metrics, and the operator is told once it has failed long enough', async () => {
    const created = await fetch(`${base}/v2/tracking_requests`, {
      method: 'POST',
      headers: { authorization: `Token ${key}`, 'content-type': 'application/vnd.api+json' },
      body: JSON.stringify({
        data: { type: 'tracking_request', attributes: { request_number: 'MAEU240118551', request_type: 'bill_of_lading', scac: 'MAEU' } },
      }),
    });
    expect(created.status).toBe(201);

    const failing = await eventually(
      maeu,
      (source) => source?.last_error !== null && source?.last_error !== undefined,
      'MAEU health to record its failure',
      120_000,
    );
    expect(carrier.requests.length).toBeGreaterThan(0);
    expect(failing?.status).toMatch(/^(failing|down)$/);
    expect(failing).toMatchObject({
      last_error: { class: 'auth_refused', detail: 'carrier MAEU: credentials refused (401)' },
      calls_last_hour: failing!.errors_last_hour,
    });

    const metrics = await (await operator('/metrics')).text();
    expect(metrics).toMatch(/quayside_source_last_error_timestamp_seconds\{kind="carrier",source="MAEU",class="auth_refused"[^}]*\} \d+/);
    expect(metrics).toMatch(/quayside_source_error_ratio\{kind="carrier",source="MAEU"[^}]*\} 1\b/);
    expect((await fetch(`${base}/operator/sources`)).status).toBe(401);

    await receiver.waitFor((deliveries) => deliveries.length > 0, 120_000, 'the operator notification');
    const [notice] = receiver.deliveries;
    const body = notice!.body.toString('utf8');
    expect(JSON.parse(body)).toMatchObject({
      event: 'source.down',
      source: { kind: 'carrier', code: 'MAEU' },
      last_error: { class: 'auth_refused', detail: 'carrier MAEU: credentials refused (401)' },
    });
    const headers = notice!.headers;
    expect(headers['webhook-signature']).toBe(
      standardWebhookSignature({
        secret: OPERATOR_SECRET,
        id: String(headers['webhook-id']),
        timestamp: Number(headers['webhook-timestamp']),
        body,
      }),
    );
    expect((await maeu())?.status).toBe('down');
    expect(await (await operator('/metrics')).text()).toMatch(
      /quayside_source_status\{kind="carrier",source="MAEU",status="down"[^}]*\} 1/,
    );
  });

  it('shows on the console’s Sources page, at 360 px too, with no serious axe violation', async () => {
    browser = await launchChromium();
    // axe needs a page of a context of its own (not browser.newPage()).
    const context = await browser.newContext({ viewport: { width: 1200, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${base}/console`);
    await page.getByLabel('API key').fill(key);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Containers' }).waitFor();
    await page.getByRole('navigation').getByRole('link', { name: 'Sources' }).click();
    const row = page.getByRole('row').filter({ hasText: 'Carrier MAEU' });
    await row.waitFor();
    expect(await row.textContent()).toMatch(/Down.*credentials refused.*100% of \d+/);
    for (const width of [1200, 360]) {
      await page.setViewportSize({ width, height: 780 });
      expect(await page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth')).toBe(0);
      const results = await new AxeBuilder({ page }).analyze();
      expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    }
  });
});
