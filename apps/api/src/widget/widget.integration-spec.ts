import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { ProvisionedAccount } from '@quayside/data-access';
import { ApiTestContext, call } from '../test/api-test-app';
import { seedMcpFixture } from '../test/mcp-fixtures';
import type { McpFixture } from '../test/mcp-fixtures';

const PAGE_ORIGIN = 'https://shop.example.com';

describe('embeddable widget and map (feature map_widget)', () => {
  let ctx: ApiTestContext;
  let app: NestFastifyApplication;
  let owner: ProvisionedAccount;
  let stranger: ProvisionedAccount;
  let without: ProvisionedAccount;
  let fixture: McpFixture;
  let key: string;

  const createKey = async (account: ProvisionedAccount, origins: unknown = [PAGE_ORIGIN]) =>
    call(app, 'POST', '/v2/widget_keys', {
      key: account.key,
      body: { data: { type: 'widget_key', attributes: { name: 'portal', allowed_origins: origins } } },
    });

  beforeAll(async () => {
    ctx = await ApiTestContext.create();
    app = await ctx.startApp();
    owner = await ctx.account({ features: ['map_widget'] });
    stranger = await ctx.account({ features: ['map_widget'] });
    without = await ctx.account({ features: [] });
    fixture = await seedMcpFixture(ctx.db.dataSource, owner);
    const created = await createKey(owner);
    key = (created.json!['data'] as { attributes: { key: string } }).attributes.key;
  });

  afterAll(async () => {
    await ctx.close();
  });

  describe('widget keys', () => {
    it('creates a publishable key with its origins, lists and revokes it', async () => {
      const created = await createKey(owner, ['https://A.example/', 'http://localhost:5173']);
      expect(created.status).toBe(201);
      const data = created.json!['data'] as { id: string; attributes: { key: string; allowed_origins: string[] } };
      expect(data.attributes.key).toMatch(/^qs_pk_[A-Za-z0-9_-]{32}$/);
      expect(data.attributes.allowed_origins).toEqual(['https://a.example', 'http://localhost:5173']);
      const list = await call(app, 'GET', '/v2/widget_keys', { key: owner.key });
      expect((list.json!['data'] as { id: string }[]).map((k) => k.id)).toContain(data.id);
      const patched = await call(app, 'PATCH', `/v2/widget_keys/${data.id}`, {
        key: owner.key,
        body: { data: { type: 'widget_key', id: data.id, attributes: { allowed_origins: ['https://b.example'] } } },
      });
      expect((patched.json!['data'] as { attributes: { allowed_origins: string[] } }).attributes.allowed_origins).toEqual([
        'https://b.example',
      ]);
      expect((await call(app, 'DELETE', `/v2/widget_keys/${data.id}`, { key: stranger.key })).status).toBe(401);
      expect((await call(app, 'DELETE', `/v2/widget_keys/${data.id}`, { key: owner.key })).status).toBe(204);
      expect((await call(app, 'GET', `/widget/v1/containers/${fixture.heldId}?key=${data.attributes.key}`)).status).toBe(401);
    });

    it('names a bad origin (422) and refuses accounts without the feature (403)', async () => {
      const bad = await createKey(owner, ['https://ok.example', 'https://ok.example/path']);
      expect(bad.status).toBe(422);
      expect((bad.json!['errors'] as { source: { pointer: string } }[])[0]!.source.pointer).toBe('/data/attributes/allowed_origins/1');
      const refused = await createKey(without);
      expect(refused.status).toBe(403);
      expect((refused.json!['errors'] as { code: string }[])[0]!.code).toBe('feature_not_enabled');
    });
  });

  describe('widget data', () => {
    it("answers a container journey for the key's account", async () => {
      const response = await call(app, 'GET', `/widget/v1/containers/${fixture.lfdSoonId}?key=${key}`);
      expect(response.status).toBe(200);
      const container = response.json!['container'] as { id: string; last_free_day: string; milestones: unknown[] };
      expect(container.id).toBe(fixture.lfdSoonId);
      expect(container.milestones).toHaveLength(2);
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
    });

    it('answers a shipment with its containers and a map from the routing builder', async () => {
      const shipment = await call(app, 'GET', `/widget/v1/shipments/${fixture.shipmentId}?key=${key}`);
      expect((shipment.json!['containers'] as unknown[]).length).toBe(4);
      const map = await call(app, 'GET', `/widget/v1/containers/${fixture.lfdSoonId}/map_geojson?key=${key}`);
      expect(map.status).toBe(200);
      expect(map.headers['content-type']).toContain('application/geo+json');
      expect((map.json!['features'] as { properties: { feature_type: string } }[]).some((f) => f.properties.feature_type === 'port')).toBe(
        true,
      );
    });

    it("refuses: no key 401, another account's record 401, a foreign origin 403, the feature turned off 403", async () => {
      expect((await call(app, 'GET', `/widget/v1/containers/${fixture.lfdSoonId}`)).status).toBe(401);
      expect((await call(app, 'GET', `/widget/v1/containers/${fixture.lfdSoonId}?key=${owner.key}`)).status).toBe(401);
      const foreignKey = ((await createKey(stranger)).json!['data'] as { attributes: { key: string } }).attributes.key;
      expect((await call(app, 'GET', `/widget/v1/containers/${fixture.lfdSoonId}?key=${foreignKey}`)).status).toBe(401);
      const elsewhere = await call(app, 'GET', `/widget/v1/containers/${fixture.lfdSoonId}?key=${key}`, {
        headers: { origin: 'https://evil.example' },
      });
      expect(elsewhere.status).toBe(403);
      expect((elsewhere.json!['errors'] as { code: string }[])[0]!.code).toBe('origin_not_allowed');
      const allowed = await call(app, 'GET', `/widget/v1/containers/${fixture.lfdSoonId}?key=${key}`, { headers: { origin: PAGE_ORIGIN } });
      expect(allowed.headers['access-control-allow-origin']).toBe(PAGE_ORIGIN);

      await ctx.db.dataSource.query(`UPDATE accounts SET features = '{}' WHERE id = $1`, [owner.account.id]);
      try {
        const off = await call(app, 'GET', `/widget/v1/containers/${fixture.lfdSoonId}?key=${key}`);
        expect(off.status).toBe(403);
        expect((off.json!['errors'] as { code: string }[])[0]!.code).toBe('feature_not_enabled');
        // The frame is a page for people: it says so in a few words, in the frame.
        const frame = await call(app, 'GET', `/widget/v1/frame?key=${key}&container=${fixture.lfdSoonId}`);
        expect(frame.status).toBe(403);
        expect(frame.headers['content-type']).toContain('text/html');
        expect(frame.body).toContain('<h1>Container tracking unavailable</h1>');
        expect(frame.body).toMatch(/map_widget/);
      } finally {
        await ctx.db.dataSource.query(`UPDATE accounts SET features = '{map_widget}' WHERE id = $1`, [owner.account.id]);
      }
    });
  });

  describe('frame and assets', () => {
    it('renders the frame on the server under a strict CSP that lets only allowed origins embed it', async () => {
      const response = await call(app, 'GET', `/widget/v1/frame?key=${key}&container=${fixture.heldId}`);
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain(`frame-ancestors ${PAGE_ORIGIN}`);
      expect(csp).toContain("script-src 'self'");
      expect(response.body).toContain('<dt>Holds</dt><dd>customs</dd>');
      expect(response.body).not.toMatch(/<script>|style="/);
      const shipment = await call(app, 'GET', `/widget/v1/frame?key=${key}&shipment=${fixture.shipmentId}`);
      expect(shipment.body).toContain('MCPBL0001');
      expect((await call(app, 'GET', `/widget/v1/frame?key=${key}`)).status).toBe(400);
    });

    it('says in the frame, and shows nothing of the account, when a page on an origin the key does not allow embeds it', async () => {
      // embed.js has the browser send the embedding page's origin as the Referer (strict-origin).
      const refused = await call(app, 'GET', `/widget/v1/frame?key=${key}&container=${fixture.heldId}`, {
        headers: { referer: 'https://evil.example/' },
      });
      expect(refused.status).toBe(403);
      expect(refused.body).toContain(
        'This tracking widget is not enabled on https://evil.example. The site&#39;s owner can allow it by adding https://evil.example to the allowed origins of its Quayside widget key.',
      );
      expect(refused.body).not.toMatch(/<dt>|customs|<script/);
      // Only that page may frame the notice; it runs no script.
      expect(refused.headers['content-security-policy']).toBe(
        "default-src 'none'; style-src 'self'; frame-ancestors https://evil.example; base-uri 'none'; form-action 'none'",
      );
      const allowed = await call(app, 'GET', `/widget/v1/frame?key=${key}&container=${fixture.heldId}`, {
        headers: { referer: `${PAGE_ORIGIN}/orders/1` },
      });
      expect(allowed.status).toBe(200);
      expect(allowed.body).toContain('<dt>Holds</dt><dd>customs</dd>');
      const badKey = await call(app, 'GET', `/widget/v1/frame?key=qs_pk_nothing&container=${fixture.heldId}`);
      expect(badKey.status).toBe(401);
      expect(badKey.body).toContain('The widget key is missing or not valid');
    });

    it('serves Leaflet, the Natural Earth land layer and the embed script from Quayside itself', async () => {
      const leaflet = await call(app, 'GET', '/widget/v1/assets/leaflet.js');
      expect(leaflet.status).toBe(200);
      expect(leaflet.headers['content-type']).toContain('text/javascript');
      const land = await call(app, 'GET', '/widget/v1/assets/land.geojson');
      expect((JSON.parse(land.body) as { type: string }).type).toBe('FeatureCollection');
      expect((await call(app, 'GET', '/widget/v1/embed.js')).body).toContain('/widget/v1/frame?');
      expect((await call(app, 'GET', '/widget/v1/assets/..%2Fwidget.controller.ts')).status).toBe(404);
    });
  });
});
