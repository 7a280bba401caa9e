import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { EmailSubmissionRepository } from '@quayside/data-access';
import type { ProvisionedAccount } from '@quayside/data-access';
import { ACCOUNT_FEATURES } from '@quayside/domain';
import { createContainer, createParty, createShipment, serveCarriers } from '@quayside/testing';
import { ApiTestContext, call } from '../test/api-test-app';
import { seedWebhook, seedWebhookNotification } from '../test/webhook-fixtures';

/**
 * Tenancy as a matrix: every endpoint that addresses a record by id, called with ANOTHER
 * account's id, must answer 401 (docs/json-api.md); an id that exists nowhere answers 404.
 *
 * ADD A ROW for every new endpoint with an id in its path: `createOwned` makes a record that
 * belongs to `owner` (through the API or a repository) and returns its id; `body` is the
 * request document for PATCH/POST rows.
 */
interface OwnedEndpoint {
  endpoint: `${'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'} /v2/${string}`;
  createOwned: (app: NestFastifyApplication, owner: ProvisionedAccount, ctx: ApiTestContext) => Promise<string>;
  body?: (id: string) => unknown;
}

async function createApiKey(app: NestFastifyApplication, owner: ProvisionedAccount): Promise<string> {
  const response = await call(app, 'POST', '/v2/api_keys', {
    key: owner.key,
    body: { data: { type: 'api_key', attributes: { name: 'matrix' } } },
  });
  return (response.json!['data'] as { id: string }).id;
}

let trackingNumbers = 0;

async function createTrackingRequest(app: NestFastifyApplication, owner: ProvisionedAccount): Promise<string> {
  trackingNumbers += 1;
  const number = `MEDUMATRIX${String(trackingNumbers).padStart(4, '0')}`;
  const body = { data: { type: 'tracking_request', attributes: { request_number: number, request_type: 'bill_of_lading', scac: 'MSCU' } } };
  const response = await call(app, 'POST', '/v2/tracking_requests', { key: owner.key, body });
  return (response.json!['data'] as { id: string }).id;
}

async function createOwnedShipment(_app: NestFastifyApplication, owner: ProvisionedAccount, ctx: ApiTestContext): Promise<string> {
  return (await createShipment(ctx.db.dataSource, owner.account.id)).id;
}

async function createOwnedContainer(_app: NestFastifyApplication, owner: ProvisionedAccount, ctx: ApiTestContext): Promise<string> {
  return (await createContainer(ctx.db.dataSource, owner.account.id)).id;
}

async function createOwnedParty(_app: NestFastifyApplication, owner: ProvisionedAccount, ctx: ApiTestContext): Promise<string> {
  return (await createParty(ctx.db.dataSource, owner.account.id)).id;
}

/** The owner's custom field `matrix_note` on `entityType` (made once; a 409 means it exists). */
async function ensureNoteField(app: NestFastifyApplication, owner: ProvisionedAccount, entityType: string): Promise<string> {
  const body = {
    data: {
      type: 'custom_field_definition',
      attributes: { entity_type: entityType, api_slug: 'matrix_note', display_name: 'Note', data_type: 'short_text' },
    },
  };
  const response = await call(app, 'POST', '/v2/custom_field_definitions', { key: owner.key, body });
  const made = response.json!['data'] as { id: string } | undefined;
  return (
    made?.id ?? (response.json!['errors'] as { meta: { custom_field_definition_id: string } }[])[0]?.meta.custom_field_definition_id ?? ''
  );
}

async function createOwnedDefinition(app: NestFastifyApplication, owner: ProvisionedAccount): Promise<string> {
  trackingNumbers += 1;
  const body = {
    data: {
      type: 'custom_field_definition',
      attributes: { entity_type: 'Container', api_slug: `pick_${trackingNumbers}`, display_name: 'Pick', data_type: 'enum' },
    },
  };
  return ((await call(app, 'POST', '/v2/custom_field_definitions', { key: owner.key, body })).json!['data'] as { id: string }).id;
}

/** A record of `entityType` with a `matrix_note` value set when `withValue`. */
function withNote(entityType: string, create: OwnedEndpoint['createOwned'], withValue: boolean): OwnedEndpoint['createOwned'] {
  return async (app, owner, ctx) => {
    await ensureNoteField(app, owner, entityType);
    const id = await create(app, owner, ctx);
    if (withValue) {
      const path = { Shipment: 'shipments', Container: 'containers', TrackingRequest: 'tracking_requests' }[entityType];
      await call(app, 'POST', `/v2/${path}/${id}/custom_fields`, { key: owner.key, body: noteBody('set') });
    }
    return id;
  };
}

const noteBody = (value: string): unknown => ({ data: { type: 'custom_field', attributes: { api_slug: 'matrix_note', value } } });

async function createOwnedCustomField(app: NestFastifyApplication, owner: ProvisionedAccount, ctx: ApiTestContext): Promise<string> {
  await ensureNoteField(app, owner, 'Shipment');
  const shipment = await createOwnedShipment(app, owner, ctx);
  const response = await call(app, 'POST', `/v2/shipments/${shipment}/custom_fields`, { key: owner.key, body: noteBody('set') });
  return (response.json!['data'] as { id: string }).id;
}

const customFieldRows = (entityType: string, path: string, create: OwnedEndpoint['createOwned']): OwnedEndpoint[] => [
  { endpoint: `GET /v2/${path}/:id/custom_fields`, createOwned: withNote(entityType, create, true) },
  { endpoint: `POST /v2/${path}/:id/custom_fields`, createOwned: withNote(entityType, create, false), body: () => noteBody('new') },
  {
    endpoint: `PATCH /v2/${path}/:id/custom_fields/matrix_note`,
    createOwned: withNote(entityType, create, true),
    body: () => ({ data: { type: 'custom_field', attributes: { value: 'changed' } } }),
  },
  { endpoint: `DELETE /v2/${path}/:id/custom_fields/matrix_note`, createOwned: withNote(entityType, create, true) },
];

/** The owner's party for each container/shipment made below, so the owner's POST links a party it owns. */
const partyOfRoleable = new Map<string, string>();

function withOwnParty(create: OwnedEndpoint['createOwned']): OwnedEndpoint['createOwned'] {
  return async (app, owner, ctx) => {
    const id = await create(app, owner, ctx);
    partyOfRoleable.set(id, await createOwnedParty(app, owner, ctx));
    return id;
  };
}

const linkBody =
  (role: string) =>
  (id: string): unknown => ({
    data: {
      type: 'party_role',
      attributes: { role },
      relationships: { party: { data: { id: partyOfRoleable.get(id) ?? '0f0e0d0c-0b0a-4908-8706-050403020101', type: 'party' } } },
    },
  });

const CONTAINER_AND_PARTY_ROWS: OwnedEndpoint[] = [
  { endpoint: 'GET /v2/containers/:id', createOwned: createOwnedContainer },
  { endpoint: 'GET /v2/containers/:id/transport_events', createOwned: createOwnedContainer },
  { endpoint: 'PATCH /v2/containers/:id/refresh', createOwned: createOwnedContainer },
  { endpoint: 'GET /v2/containers/:id/party_roles', createOwned: createOwnedContainer },
  { endpoint: 'GET /v2/containers/:id/route', createOwned: createOwnedContainer },
  { endpoint: 'GET /v2/containers/:id/map_geojson', createOwned: createOwnedContainer },
  {
    endpoint: 'POST /v2/containers/:id/party_roles',
    createOwned: withOwnParty(createOwnedContainer),
    body: linkBody('pickup_dray_carrier'),
  },
  { endpoint: 'GET /v2/shipments/:id/party_roles', createOwned: createOwnedShipment },
  { endpoint: 'POST /v2/shipments/:id/party_roles', createOwned: withOwnParty(createOwnedShipment), body: linkBody('consignee') },
  { endpoint: 'GET /v2/parties/:id', createOwned: createOwnedParty },
  {
    endpoint: 'PATCH /v2/parties/:id',
    createOwned: createOwnedParty,
    body: () => ({ data: { type: 'party', attributes: { company_name: 'Renamed' } } }),
  },
];

async function createOwnedWebhook(_app: NestFastifyApplication, owner: ProvisionedAccount, ctx: ApiTestContext): Promise<string> {
  return seedWebhook(ctx.db.dataSource, owner.account.id);
}

async function createOwnedNotification(_app: NestFastifyApplication, owner: ProvisionedAccount, ctx: ApiTestContext): Promise<string> {
  return seedWebhookNotification(
    ctx.db.dataSource,
    owner.account.id,
    await seedWebhook(ctx.db.dataSource, owner.account.id),
    'container.updated',
  );
}

const WEBHOOK_ROWS: OwnedEndpoint[] = [
  { endpoint: 'GET /v2/webhooks/:id', createOwned: createOwnedWebhook },
  {
    endpoint: 'PATCH /v2/webhooks/:id',
    createOwned: createOwnedWebhook,
    body: () => ({ data: { type: 'webhook', attributes: { active: false } } }),
  },
  { endpoint: 'DELETE /v2/webhooks/:id', createOwned: createOwnedWebhook },
  { endpoint: 'GET /v2/webhook_notifications/:id', createOwned: createOwnedNotification },
  { endpoint: 'POST /v2/webhook_notifications/:id/redeliver', createOwned: createOwnedNotification },
];

let documentCount = 0;

/** A document of the owner, made through the direct upload (a one-page PDF written by hand, unique per call). */
async function createOwnedDocument(app: NestFastifyApplication, owner: ProvisionedAccount): Promise<string> {
  documentCount += 1;
  const boundary = 'matrix-boundary';
  const pdf = `%PDF-1.4\n%${documentCount}\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R/Size 4>>\n%%EOF`;
  const payload = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="m${documentCount}.pdf"\r\n\r\n${pdf}\r\n--${boundary}--\r\n`;
  const response = await app.inject({
    method: 'POST',
    url: '/v2/documents',
    headers: { authorization: `Token ${owner.key}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  return (JSON.parse(response.body) as { data: { id: string } }).data.id;
}

async function createOwnedEmailSubmission(_app: NestFastifyApplication, owner: ProvisionedAccount, ctx: ApiTestContext): Promise<string> {
  const submission = {
    subject: 'BL',
    body: null,
    from: ['ops@forwarder.example'],
    to: [],
    cc: [],
    sent_at: null,
    message_id: null,
    in_reply_to: null,
    references: [],
    content_type: null,
  };
  return (await new EmailSubmissionRepository(ctx.db.dataSource).create({ accountId: owner.account.id }, submission)).id;
}

const DOCUMENT_ROWS: OwnedEndpoint[] = [
  { endpoint: 'GET /v2/documents/:id', createOwned: createOwnedDocument },
  {
    endpoint: 'PATCH /v2/documents/:id',
    createOwned: createOwnedDocument,
    body: () => ({ data: { type: 'document', attributes: { document_type_manual: 'invoice' } } }),
  },
  { endpoint: 'GET /v2/documents/:id/download_url', createOwned: createOwnedDocument },
  { endpoint: 'POST /v2/documents/:id/reextract', createOwned: createOwnedDocument },
  { endpoint: 'POST /v2/documents/:id/reclassify', createOwned: createOwnedDocument },
  { endpoint: 'POST /v2/documents/:id/relink', createOwned: createOwnedDocument },
  { endpoint: 'POST /v2/documents/:id/rotate', createOwned: createOwnedDocument, body: () => ({ degrees: 90 }) },
  { endpoint: 'DELETE /v2/documents/:id', createOwned: createOwnedDocument },
  { endpoint: 'GET /v2/email_submissions/:id', createOwned: createOwnedEmailSubmission },
];

const MATRIX: OwnedEndpoint[] = [
  ...DOCUMENT_ROWS,
  ...WEBHOOK_ROWS,
  ...CONTAINER_AND_PARTY_ROWS,
  { endpoint: 'GET /v2/api_keys/:id', createOwned: createApiKey },
  { endpoint: 'DELETE /v2/api_keys/:id', createOwned: createApiKey },
  { endpoint: 'GET /v2/tracking_requests/:id', createOwned: createTrackingRequest },
  {
    endpoint: 'PATCH /v2/tracking_requests/:id',
    createOwned: createTrackingRequest,
    body: () => ({ data: { type: 'tracking_request', attributes: { tags: ['intruder'] } } }),
  },
  { endpoint: 'GET /v2/shipments/:id', createOwned: createOwnedShipment },
  {
    endpoint: 'PATCH /v2/shipments/:id',
    createOwned: createOwnedShipment,
    body: () => ({ data: { type: 'shipment', attributes: { tags: ['intruder'] } } }),
  },
  { endpoint: 'PATCH /v2/shipments/:id/stop_tracking', createOwned: createOwnedShipment },
  { endpoint: 'PATCH /v2/shipments/:id/resume_tracking', createOwned: createOwnedShipment },
  { endpoint: 'GET /v2/custom_field_definitions/:id', createOwned: createOwnedDefinition },
  {
    endpoint: 'PATCH /v2/custom_field_definitions/:id',
    createOwned: createOwnedDefinition,
    body: () => ({ data: { type: 'custom_field_definition', attributes: { display_name: 'Renamed' } } }),
  },
  { endpoint: 'DELETE /v2/custom_field_definitions/:id', createOwned: createOwnedDefinition },
  { endpoint: 'GET /v2/custom_field_definitions/:id/options', createOwned: createOwnedDefinition },
  {
    endpoint: 'POST /v2/custom_field_definitions/:id/options',
    createOwned: createOwnedDefinition,
    body: () => ({ data: { type: 'custom_field_option', attributes: { label: 'A', value: 'a' } } }),
  },
  { endpoint: 'GET /v2/custom_fields/:id', createOwned: createOwnedCustomField },
  {
    endpoint: 'PATCH /v2/custom_fields/:id',
    createOwned: createOwnedCustomField,
    body: () => ({ data: { type: 'custom_field', attributes: { value: 'changed' } } }),
  },
  { endpoint: 'DELETE /v2/custom_fields/:id', createOwned: createOwnedCustomField },
  ...customFieldRows('Shipment', 'shipments', createOwnedShipment),
  ...customFieldRows('Container', 'containers', createOwnedContainer),
  ...customFieldRows('TrackingRequest', 'tracking_requests', createTrackingRequest),
];

const UNKNOWN_ID = '0f0e0d0c-0b0a-4908-8706-050403020100';

function request(row: OwnedEndpoint, id: string): { method: string; url: string; body: unknown } {
  const [method, path] = row.endpoint.split(' ') as [string, string];
  return { method, url: path.replace(':id', id), body: row.body?.(id) };
}

describe('cross-account matrix: another account’s id answers 401, an unknown id 404', () => {
  let ctx: ApiTestContext;
  let app: NestFastifyApplication;
  let owner: ProvisionedAccount;
  let intruder: ProvisionedAccount;

  beforeAll(async () => {
    ctx = await ApiTestContext.create();
    // A tracker-worker configured with these lines serves them (docs/carriers.md, "What this server tracks").
    await serveCarriers(ctx.db.dataSource, ['MSCU']);
    // The owner makes hundreds of calls setting up rows; the rate limit is not what this suite tests.
    app = await ctx.startApp({ RATE_LIMIT_DEFAULT: 100_000 });
    // Every feature on both sides, so feature-gated endpoints (refresh) reach the tenancy check.
    owner = await ctx.account({ company: 'Owner', features: [...ACCOUNT_FEATURES] });
    intruder = await ctx.account({ company: 'Intruder', features: [...ACCOUNT_FEATURES] });
  });

  afterAll(async () => {
    await ctx.close();
  });

  it.each(MATRIX)('$endpoint with another account’s id → 401, and the record is untouched', async (row) => {
    const id = await row.createOwned(app, owner, ctx);
    const { method, url, body } = request(row, id);
    const response = await call(app, method, url, { key: intruder.key, ...(body !== undefined ? { body } : {}) });
    expect(response.status).toBe(401);
    expect(response.json).toEqual({ errors: [expect.objectContaining({ status: '401', title: 'Unauthorized' })] });
    // The owner still reaches it, unchanged by the intruder's attempt.
    const owned = await call(app, 'GET', `/v2/${url.split('/')[2]}/${id}`, { key: owner.key });
    expect(owned.status).toBe(200);
  });

  it.each(MATRIX)('$endpoint with an id that exists nowhere → 404', async (row) => {
    const { method, url, body } = request(row, UNKNOWN_ID);
    const response = await call(app, method, url, { key: intruder.key, ...(body !== undefined ? { body } : {}) });
    expect(response.status).toBe(404);
    expect(response.json).toEqual({ errors: [expect.objectContaining({ status: '404', title: 'Not Found' })] });
  });

  it.each(MATRIX)('$endpoint by the owner → served (neither 401 nor 404)', async (row) => {
    const id = await row.createOwned(app, owner, ctx);
    const { method, url, body } = request(row, id);
    const response = await call(app, method, url, { key: owner.key, ...(body !== undefined ? { body } : {}) });
    expect(response.status).toBeLessThan(300);
  });

  // Tenancy is decided before plan and feature checks: an intruder on the free plan with no
  // feature gets the same 401, never a 403 that would confirm the record exists.
  it.each(MATRIX)('$endpoint with another account’s id by a free account without features → 401', async (row) => {
    const free = await ctx.account({ company: 'Free intruder', plan: 'free', trialEndsAt: null, features: [] });
    const id = await row.createOwned(app, owner, ctx);
    const { method, url, body } = request(row, id);
    const response = await call(app, method, url, { key: free.key, ...(body !== undefined ? { body } : {}) });
    expect(response.status).toBe(401);
    expect(response.json).toEqual({ errors: [expect.objectContaining({ status: '401', title: 'Unauthorized' })] });
  });

  it.each<[string, (webhookId: string) => { method: string; url: string; body?: unknown }]>([
    ['a list filtered by it', (id) => ({ method: 'GET', url: `/v2/webhook_notifications?filter[webhook_id]=${id}` })],
    [
      'a bulk redelivery of it (query)',
      (id) => ({ method: 'POST', url: `/v2/webhook_notifications/redeliver?since=2026-01-01T00:00:00Z&webhook_id=${id}` }),
    ],
    [
      'a bulk redelivery of it (body)',
      (id) => ({
        method: 'POST',
        url: '/v2/webhook_notifications/redeliver',
        body: { data: { type: 'webhook_notification_redelivery', attributes: { since: '2026-01-01T00:00:00Z', webhook_id: id } } },
      }),
    ],
    [
      'a test delivery to it',
      (id) => ({ method: 'POST', url: '/v2/webhooks/trigger', body: { event: 'container.updated', webhook_id: id } }),
    ],
  ])('another account’s webhook named in %s, by a free account → 401', async (_label, make) => {
    const free = await ctx.account({ company: 'Free intruder', plan: 'free', trialEndsAt: null, features: [] });
    const { method, url, body } = make(await createOwnedWebhook(app, owner, ctx));
    const response = await call(app, method, url, { key: free.key, ...(body !== undefined ? { body } : {}) });
    expect(response.status).toBe(401);
  });

  it('a free account naming its own or an unknown record still gets the plan’s 403', async () => {
    const free = await ctx.account({ company: 'Free', plan: 'free', trialEndsAt: null, features: [] });
    const own = await createOwnedNotification(app, free, ctx);
    expect((await call(app, 'GET', `/v2/webhook_notifications/${own}`, { key: free.key })).status).toBe(403);
    expect((await call(app, 'GET', `/v2/webhook_notifications/${UNKNOWN_ID}`, { key: free.key })).status).toBe(403);
  });

  it('lists only the caller’s records', async () => {
    const ownerKeys = await call(app, 'GET', '/v2/api_keys', { key: owner.key });
    const intruderKeys = await call(app, 'GET', '/v2/api_keys', { key: intruder.key });
    const ids = (body: Record<string, unknown> | undefined): string[] => (body!['data'] as { id: string }[]).map((r) => r.id);
    expect(ids(intruderKeys.json)).toEqual([intruder.apiKeyId]);
    expect(ids(ownerKeys.json)).not.toContain(intruder.apiKeyId);
  });
});
