import { Controller, Get, Module, Patch, Post } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { Test } from '@nestjs/testing';
import type { ProvisionedAccount } from '@quayside/data-access';
import { ACTIVE_CONTAINER_CAP } from '@quayside/domain';
import { AppModule } from '../app.module';
import { configureHttpPlatform } from '../common/configure-http-platform';
import { RateLimitBucket } from '../rate-limit/rate-limit-bucket.decorator';
import type { AccountContext } from '../tenancy/account-context';
import { CurrentAccount } from '../tenancy/current-account.decorator';
import { ApiTestContext, call, testApiConfig } from '../test/api-test-app';
import { EntitlementsService } from './entitlements.service';
import { RequiresActivePlan } from './requires-active-plan.decorator';
import { RequiresFeature } from './requires-feature.decorator';
import { serveCarriers } from '@quayside/testing';

/** Stand-ins for the endpoints later issues add, decorated exactly as those will be. */
@Controller('probe')
class ProbeController {
  constructor(private readonly entitlements: EntitlementsService) {}

  @Get('tracking_data')
  @RequiresActivePlan('reading tracking data')
  read(): { data: null } {
    return { data: null };
  }

  @Patch('refresh')
  @RequiresFeature('container_refresh')
  @RateLimitBucket('refresh')
  refresh(): { data: null } {
    return { data: null };
  }

  @Post('track')
  async track(@CurrentAccount() account: AccountContext): Promise<{ data: null }> {
    await this.entitlements.assertCanTrackMore(account);
    return { data: null };
  }
}

@Module({ controllers: [ProbeController] })
class ProbeModule {}

const DAY = 24 * 60 * 60 * 1000;

describe('plans and features', () => {
  let ctx: ApiTestContext;
  let app: NestFastifyApplication;

  beforeAll(async () => {
    ctx = await ApiTestContext.create();
    // A tracker-worker configured with these lines serves them (docs/carriers.md, "What this server tracks").
    await serveCarriers(ctx.db.dataSource, ['MAEU']);
    const moduleRef = await Test.createTestingModule({
      imports: [AppModule.forRoot(testApiConfig(ctx.db.url, ctx.redisPrefix)), ProbeModule],
    }).compile();
    app = moduleRef.createNestApplication<NestFastifyApplication>(new FastifyAdapter(), { logger: false });
    app.setGlobalPrefix('v2');
    configureHttpPlatform(app, { maxDepth: 32 });
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
    ctx.apps.push(app);
  });

  afterAll(async () => {
    await ctx.close();
  });

  const errorOf = (body: Record<string, unknown> | undefined): { status: string; detail: string; meta?: Record<string, unknown> } =>
    (body!['errors'] as { status: string; detail: string; meta?: Record<string, unknown> }[])[0]!;

  describe('reading tracking data needs a running trial or a paid plan', () => {
    it.each([
      ['paid → 200', { plan: 'paid' as const }, 200],
      ['a running trial → 200', { plan: 'trial' as const, trialEndsAt: new Date(Date.now() + 3 * DAY) }, 200],
      ['an ended trial → 403', { plan: 'trial' as const, trialEndsAt: new Date(Date.now() - DAY) }, 403],
      ['free → 403', { plan: 'free' as const }, 403],
    ])('%s', async (_label, account, status) => {
      const { key } = await ctx.account(account);
      const response = await call(app, 'GET', '/v2/probe/tracking_data', { key });
      expect(response.status).toBe(status);
      if (status === 403) {
        expect(errorOf(response.json)).toMatchObject({ status: '403', meta: { plan: account.plan } });
        expect(errorOf(response.json).detail).toContain('reading tracking data');
      }
    });
  });

  describe('features need enablement', () => {
    it('refuses a feature that is not enabled with 403 naming it', async () => {
      const { key } = await ctx.account({ features: ['routing'] });
      const response = await call(app, 'PATCH', '/v2/probe/refresh', { key });
      expect(response.status).toBe(403);
      expect(response.headers['content-type']).toMatch(/^application\/vnd\.api\+json/);
      expect(errorOf(response.json)).toMatchObject({ status: '403', meta: { feature: 'container_refresh' } });
      expect(errorOf(response.json).detail).toContain('container refresh');
    });

    it('serves an enabled feature, in its own bucket of 10 per minute', async () => {
      const { key } = await ctx.account({ features: ['container_refresh'] });
      for (let i = 0; i < 10; i++) expect((await call(app, 'PATCH', '/v2/probe/refresh', { key })).status).toBe(200);
      const refused = await call(app, 'PATCH', '/v2/probe/refresh', { key });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      // The default bucket is separate and still open.
      expect((await call(app, 'GET', '/v2/account', { key })).status).toBe(200);
    });
  });

  describe(`free and trial plans track at most ${ACTIVE_CONTAINER_CAP} active containers`, () => {
    async function seedActive(owner: ProvisionedAccount, containers: number, waitingRequests: number, inactive: number): Promise<void> {
      const db = ctx.db.dataSource;
      const accountId = owner.account.id;
      const [stopped] = await db.query<{ id: string }[]>(
        `INSERT INTO shipments (account_id, bill_of_lading_number, normalized_number, shipping_line_scac, line_tracking_stopped_at)
         VALUES ($1, 'BLSTOP', 'BLSTOP', 'MAEU', now()) RETURNING id`,
        [accountId],
      );
      for (let i = 0; i < containers; i++) {
        await db.query(`INSERT INTO containers (account_id, number) VALUES ($1, $2)`, [accountId, `MSCU${String(i).padStart(7, '0')}`]);
      }
      for (let i = 0; i < waitingRequests; i++) {
        await db.query(
          `INSERT INTO tracking_requests (account_id, request_number, request_type, scac) VALUES ($1, $2, 'bill_of_lading', 'MAEU')`,
          [accountId, `BL${i}`],
        );
      }
      for (let i = 0; i < inactive; i++) {
        // Returned empty, or on a shipment no longer tracked: neither counts.
        await db.query(
          i % 2 === 0
            ? `INSERT INTO containers (account_id, number, empty_terminated_at) VALUES ($1, $2, now())`
            : `INSERT INTO containers (account_id, number, shipment_id) VALUES ($1, $2, '${stopped!.id}')`,
          [accountId, `TGHU${String(i).padStart(7, '0')}`],
        );
      }
      await db.query(
        `INSERT INTO tracking_requests (account_id, request_number, request_type, scac, status, failed_reason) VALUES ($1, 'BLFAILED', 'bill_of_lading', 'MAEU', 'failed', 'not_found')`,
        [accountId],
      );
    }

    it.each([
      ['free with 9 active (6 containers, 3 waiting requests) → created', 'free' as const, 6, 3, 201],
      ['free with 10 active → 403', 'free' as const, 7, 3, 403],
      ['trial with 10 active → 403', 'trial' as const, 10, 0, 403],
      ['paid with 10 active, no cap → created', 'paid' as const, 10, 0, 201],
    ])('%s', async (_label, plan, containers, waiting, status) => {
      const owner = await ctx.account({ plan, trialEndsAt: plan === 'trial' ? new Date(Date.now() + DAY) : null });
      await seedActive(owner, containers, waiting, 5);
      const response = await call(app, 'POST', '/v2/probe/track', { key: owner.key, body: {} });
      expect(response.status).toBe(status);
      if (status === 403) expect(errorOf(response.json)).toMatchObject({ status: '403', meta: { plan, limit: ACTIVE_CONTAINER_CAP } });
    });
  });
});
