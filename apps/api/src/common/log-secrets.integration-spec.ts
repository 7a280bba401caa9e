import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { ProvisionedAccount } from '@quayside/data-access';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ApiTestContext, call } from '../test/api-test-app';

// A signing secret and a key hash are 64 hex characters; a full key is qs_live_ + base62.
const SECRET_SHAPES = [/(?<![0-9a-f])[0-9a-f]{64}(?![0-9a-f])/, /qs_(?:live|test)_[0-9A-Za-z]{16,}/];

describe('no secret reaches a log line, on the success paths or the failure paths', () => {
  let ctx: ApiTestContext;
  let app: NestFastifyApplication;
  let owner: ProvisionedAccount;
  let logDir: string;
  let logFile: string;
  const known: string[] = [];

  beforeAll(async () => {
    ctx = await ApiTestContext.create();
    logDir = mkdtempSync(path.join(tmpdir(), 'quayside-logs-'));
    logFile = path.join(logDir, 'api.log');
    app = await ctx.startApp({ LOG_LEVEL: 'trace', LOG_FILE: logFile, WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' });
    owner = await ctx.account();
    known.push(owner.key);
  });

  afterAll(async () => {
    await ctx.close();
    rmSync(logDir, { recursive: true, force: true });
  });

  const webhook = {
    data: { type: 'webhook', attributes: { url: 'http://127.0.0.1:9/hook', events: ['container.updated'], active: true } },
  };
  const apiKey = { data: { type: 'api_key', attributes: { name: 'rotation' } } };

  it('creating a webhook and a key logs neither the secret, the key nor its hash', async () => {
    const created = await call(app, 'POST', '/v2/webhooks', { key: owner.key, body: webhook });
    expect(created.status).toBe(201);
    const key = await call(app, 'POST', '/v2/api_keys', { key: owner.key, body: apiKey });
    expect(key.status).toBe(201);
    known.push((key.json!['data'] as { attributes: { key: string } }).attributes.key);
    const rows = await ctx.db.dataSource.query<{ value: string }[]>(
      `SELECT secret AS value FROM webhooks UNION ALL SELECT key_hash FROM api_keys`,
    );
    known.push(...rows.map((row) => row.value));
    expect(known.length).toBeGreaterThanOrEqual(4);
  });

  it('an insert the database refuses (500) is logged by its error, without the row it carried', async () => {
    // PostgreSQL puts the refused row in the error's detail ("Failing row contains (...)") and
    // TypeORM keeps the query's parameters on the error: both would carry the new secrets.
    await ctx.db.dataSource.query(`ALTER TABLE webhooks ADD CONSTRAINT refuse_all_webhooks CHECK (false) NOT VALID`);
    await ctx.db.dataSource.query(`ALTER TABLE api_keys ADD CONSTRAINT refuse_all_keys CHECK (false) NOT VALID`);
    try {
      expect((await call(app, 'POST', '/v2/webhooks', { key: owner.key, body: webhook })).status).toBe(500);
      expect((await call(app, 'POST', '/v2/api_keys', { key: owner.key, body: apiKey })).status).toBe(500);
    } finally {
      await ctx.db.dataSource.query(`ALTER TABLE webhooks DROP CONSTRAINT refuse_all_webhooks`);
      await ctx.db.dataSource.query(`ALTER TABLE api_keys DROP CONSTRAINT refuse_all_keys`);
    }
    const failures = readFileSync(logFile, 'utf8')
      .split('\n')
      .filter((line) => line.includes('Unexpected exception'));
    expect(failures).toHaveLength(2);
    for (const line of failures) expect(JSON.parse(line)).toMatchObject({ err: { type: 'QueryFailedError', code: '23514' } });
  });

  it('no line of the whole log holds a known secret or anything shaped like one', () => {
    const lines = readFileSync(logFile, 'utf8')
      .split('\n')
      .filter((line) => line !== '');
    expect(lines.length).toBeGreaterThan(10);
    const leaks = lines.filter((line) => known.some((secret) => line.includes(secret)) || SECRET_SHAPES.some((shape) => shape.test(line)));
    expect(leaks).toEqual([]);
  });
});
