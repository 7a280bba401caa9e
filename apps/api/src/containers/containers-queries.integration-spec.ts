import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DATABASE_CONNECTION, recordStatements } from '@quayside/data-access';
import type { ProvisionedAccount, StatementLog } from '@quayside/data-access';
import { createContainer, createTransportEvent } from '@quayside/testing';
import { ApiTestContext, call } from '../test/api-test-app';

/**
 * No N+1: a page of containers with `include=shipment,pod_terminal,transport_events` costs the
 * same number of SQL statements for 3 containers as for 30 (one query per relationship level).
 */
describe('containers: includes are loaded in batches', () => {
  let ctx: ApiTestContext;
  let app: NestFastifyApplication;
  let few: ProvisionedAccount;
  let many: ProvisionedAccount;
  let log: StatementLog;

  async function seed(account: ProvisionedAccount, count: number, terminalId: string): Promise<void> {
    for (let i = 0; i < count; i += 1) {
      const container = await createContainer(ctx.db.dataSource, account.account.id, { pod_terminal_id: terminalId });
      await createTransportEvent(ctx.db.dataSource, container, { terminal_id: terminalId });
      await createTransportEvent(ctx.db.dataSource, container, {
        event: 'container.transport.full_out',
        timestamp: new Date('2026-08-12T10:00:00Z'),
      });
    }
  }

  /**
   * SQL run for one request, leaving out authentication's own lookups of keys and accounts, and
   * the page's COUNT, which TypeORM skips when the first page is not full (3 rows of 30).
   */
  async function statementsFor(account: ProvisionedAccount, url: string): Promise<string[]> {
    log.statements.length = 0;
    const response = await call(app, 'GET', url, { key: account.key });
    expect(response.status).toBe(200);
    return log.statements.filter((sql) => !/\b(api_keys|accounts)\b/.test(sql) && !sql.startsWith('SELECT COUNT('));
  }

  beforeAll(async () => {
    ctx = await ApiTestContext.create();
    app = await ctx.startApp();
    const [terminal] = await ctx.db.dataSource.query<{ id: string }[]>(`SELECT id FROM terminals LIMIT 1`);
    few = await ctx.account({ company: 'Few' });
    many = await ctx.account({ company: 'Many' });
    await seed(few, 3, terminal!.id);
    await seed(many, 30, terminal!.id);
    log = recordStatements(app.get(DATABASE_CONNECTION));
  });

  afterAll(async () => {
    log.stop();
    await ctx.close();
  });

  it('runs as many statements for 30 containers as for 3, one per relationship', async () => {
    const url = '/v2/containers?include=shipment,pod_terminal,transport_events';
    await statementsFor(few, url);
    const forFew = await statementsFor(few, url);
    const forMany = await statementsFor(many, url);
    expect(forMany.length).toBe(forFew.length);
    // The page; the containers' linkage (transport events, raw events, pickup facility) and their
    // custom field ids; shipments, terminals, transport events; the shipments' containers and
    // custom field ids; the transport events' source events. Nine, whatever the page's size.
    expect(forMany.length).toBeLessThanOrEqual(9);

    const response = await call(app, 'GET', url, { key: many.key });
    const included = response.json!['included'] as { type: string }[];
    const count = (type: string): number => included.filter((resource) => resource.type === type).length;
    expect((response.json!['data'] as unknown[]).length).toBe(30);
    expect([count('shipment'), count('terminal'), count('transport_event')]).toEqual([30, 1, 60]);
  });

  it('keeps nested includes (transport_events.terminal, transport_events.container) constant too', async () => {
    const url = '/v2/containers?include=transport_events.terminal,transport_events.container,transport_events.location';
    await statementsFor(few, url);
    expect((await statementsFor(many, url)).length).toBe((await statementsFor(few, url)).length);
  });
});
