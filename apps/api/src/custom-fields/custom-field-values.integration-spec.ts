import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { ProvisionedAccount } from '@quayside/data-access';
import { createContainer, createParty, createShipment, serveCarriers } from '@quayside/testing';
import { ApiTestContext, call } from '../test/api-test-app';

interface Resource {
  id: string;
  type: string;
  attributes: Record<string, unknown>;
  relationships?: Record<string, { data: unknown }>;
}

const valueBody = (attributes: Record<string, unknown>, relationships?: Record<string, unknown>): unknown => ({
  data: { type: 'custom_field', attributes, ...(relationships ? { relationships } : {}) },
});
const errorsOf = (
  json: Record<string, unknown> | undefined,
): { detail: string; code?: string; source?: { pointer?: string }; meta?: Record<string, unknown> }[] =>
  (json?.['errors'] ?? []) as { detail: string; source?: { pointer?: string } }[];

describe('custom field values', () => {
  let ctx: ApiTestContext;
  let app: NestFastifyApplication;
  let owner: ProvisionedAccount;
  let stranger: ProvisionedAccount;
  let shipmentId: string;
  let containerId: string;
  let trackingRequestId: string;
  const definitionIds: Record<string, string> = {};

  const define = async (attributes: Record<string, unknown>, options: string[] = []): Promise<void> => {
    const response = await call(app, 'POST', '/v2/custom_field_definitions', {
      key: owner.key,
      body: { data: { type: 'custom_field_definition', attributes } },
    });
    expect(response.status).toBe(201);
    const id = (response.json!['data'] as Resource).id;
    definitionIds[`${String(attributes['entity_type'])}.${String(attributes['api_slug'])}`] = id;
    for (const value of options) {
      const body = { data: { type: 'custom_field_option', attributes: { label: value.toUpperCase(), value } } };
      expect((await call(app, 'POST', `/v2/custom_field_definitions/${id}/options`, { key: owner.key, body })).status).toBe(201);
    }
  };

  beforeAll(async () => {
    ctx = await ApiTestContext.create();
    // A tracker-worker configured with these lines serves them (docs/carriers.md, "What this server tracks").
    await serveCarriers(ctx.db.dataSource, ['MSCU']);
    app = await ctx.startApp();
    owner = await ctx.account({ company: 'Owner' });
    stranger = await ctx.account({ company: 'Stranger' });
    shipmentId = (await createShipment(ctx.db.dataSource, owner.account.id)).id;
    containerId = (await createContainer(ctx.db.dataSource, owner.account.id, { shipment_id: shipmentId })).id;
    const request = await call(app, 'POST', '/v2/tracking_requests', {
      key: owner.key,
      body: {
        data: { type: 'tracking_request', attributes: { request_number: 'MEDUCUSTOM0001', request_type: 'bill_of_lading', scac: 'MSCU' } },
      },
    });
    trackingRequestId = (request.json!['data'] as Resource).id;
    await define({ entity_type: 'Shipment', api_slug: 'customer_ref', display_name: 'Customer ref', data_type: 'short_text' });
    await define({ entity_type: 'Shipment', api_slug: 'weight', display_name: 'Weight', data_type: 'number', validation: { min: 0 } });
    await define({ entity_type: 'Shipment', api_slug: 'due', display_name: 'Due', data_type: 'date' });
    await define({ entity_type: 'Shipment', api_slug: 'flags', display_name: 'Flags', data_type: 'enum_multi' }, ['hazmat', 'reefer']);
    await define({ entity_type: 'Shipment', api_slug: 'broker', display_name: 'Broker', data_type: 'reference', reference_type: 'party' });
    await define({ entity_type: 'Container', api_slug: 'priority', display_name: 'Priority', data_type: 'enum' }, ['high', 'low']);
    await define({ entity_type: 'Container', api_slug: 'inspected', display_name: 'Inspected', data_type: 'boolean' });
    await define({ entity_type: 'TrackingRequest', api_slug: 'po_number', display_name: 'PO', data_type: 'short_text' });
  });

  afterAll(async () => {
    await ctx.close();
  });

  it('sets, lists, updates and deletes values through each entity’s /custom_fields/{api_slug}', async () => {
    const base = `/v2/shipments/${shipmentId}/custom_fields`;
    const created = await call(app, 'POST', base, { key: owner.key, body: valueBody({ api_slug: 'customer_ref', value: 'ABC124' }) });
    expect(created.status).toBe(201);
    expect(created.json!['data']).toMatchObject({
      type: 'custom_field',
      attributes: { api_slug: 'customer_ref', value: 'ABC124', display_value: 'ABC124' },
      relationships: {
        entity: { data: { type: 'shipment', id: shipmentId } },
        definition: { data: { type: 'custom_field_definition', id: definitionIds['Shipment.customer_ref'] } },
      },
    });
    await call(app, 'POST', base, { key: owner.key, body: valueBody({ api_slug: 'flags', value: ['reefer', 'hazmat'] }) });
    const list = await call(app, 'GET', `${base}?include=definition`, { key: owner.key });
    expect((list.json!['data'] as Resource[]).map((f) => [f.attributes['api_slug'], f.attributes['display_value']])).toEqual([
      ['customer_ref', 'ABC124'],
      ['flags', 'REEFER, HAZMAT'],
    ]);
    expect((list.json!['included'] as Resource[]).map((d) => d.type)).toEqual(['custom_field_definition', 'custom_field_definition']);

    const again = await call(app, 'POST', base, { key: owner.key, body: valueBody({ api_slug: 'customer_ref', value: 'X' }) });
    expect(again.status).toBe(409);
    const patched = await call(app, 'PATCH', `${base}/customer_ref`, { key: owner.key, body: valueBody({ value: 'ABC125' }) });
    expect((patched.json!['data'] as Resource).attributes['value']).toBe('ABC125');
    expect((await call(app, 'DELETE', `${base}/customer_ref`, { key: owner.key })).status).toBe(204);
    expect((await call(app, 'PATCH', `${base}/customer_ref`, { key: owner.key, body: valueBody({ value: 'x' }) })).status).toBe(404);
    expect((await call(app, 'DELETE', `${base}/no_such_field`, { key: owner.key })).status).toBe(404);

    const container = `/v2/containers/${containerId}/custom_fields`;
    const priority = await call(app, 'POST', container, { key: owner.key, body: valueBody({ api_slug: 'priority', value: 'high' }) });
    expect((priority.json!['data'] as Resource).attributes).toMatchObject({ value: 'high', display_value: 'HIGH' });
    expect((await call(app, 'PATCH', `${container}/priority`, { key: owner.key, body: valueBody({ value: 'low' }) })).status).toBe(200);
    expect((await call(app, 'GET', container, { key: owner.key })).json!['meta']).toMatchObject({ total: 1 });

    const tracking = `/v2/tracking_requests/${trackingRequestId}/custom_fields`;
    expect((await call(app, 'POST', tracking, { key: owner.key, body: valueBody({ api_slug: 'po_number', value: 'PO-1' }) })).status).toBe(
      201,
    );
    expect((await call(app, 'PATCH', `${tracking}/po_number`, { key: owner.key, body: valueBody({ value: 'PO-2' }) })).status).toBe(200);
    expect((await call(app, 'GET', tracking, { key: owner.key })).json!['data']).toMatchObject([{ attributes: { value: 'PO-2' } }]);
    expect((await call(app, 'DELETE', `${tracking}/po_number`, { key: owner.key })).status).toBe(204);
  });

  it('shows the values on their container and shipment, read and listed, and includes them', async () => {
    const other = (await createShipment(ctx.db.dataSource, owner.account.id)).id;
    const otherContainer = (await createContainer(ctx.db.dataSource, owner.account.id, { shipment_id: other })).id;
    const onContainer = await call(app, 'POST', `/v2/containers/${otherContainer}/custom_fields`, {
      key: owner.key,
      body: valueBody({ api_slug: 'inspected', value: true }),
    });
    const onShipment = await call(app, 'POST', `/v2/shipments/${other}/custom_fields`, {
      key: owner.key,
      body: valueBody({ api_slug: 'customer_ref', value: 'LINKED-1' }),
    });
    const [containerValue, shipmentValue] = [(onContainer.json!['data'] as Resource).id, (onShipment.json!['data'] as Resource).id];

    const container = await call(app, 'GET', `/v2/containers/${otherContainer}?include=custom_fields`, { key: owner.key });
    expect((container.json!['data'] as Resource).relationships?.['custom_fields']).toEqual({
      data: [{ type: 'custom_field', id: containerValue }],
    });
    expect((container.json!['included'] as Resource[]).map((r) => [r.type, r.id, r.attributes['value']])).toEqual([
      ['custom_field', containerValue, true],
    ]);
    const containers = await call(app, 'GET', `/v2/containers?filter[shipment_id]=${other}`, { key: owner.key });
    expect((containers.json!['data'] as Resource[])[0]?.relationships?.['custom_fields']).toEqual({
      data: [{ type: 'custom_field', id: containerValue }],
    });

    const shipment = await call(app, 'GET', `/v2/shipments/${other}?include=containers`, { key: owner.key });
    expect((shipment.json!['data'] as Resource).relationships?.['custom_fields']).toEqual({
      data: [{ type: 'custom_field', id: shipmentValue }],
    });
    expect((shipment.json!['included'] as Resource[]).find((r) => r.id === otherContainer)?.relationships?.['custom_fields']).toEqual({
      data: [{ type: 'custom_field', id: containerValue }],
    });
    const shipments = await call(app, 'GET', '/v2/shipments?page[size]=100', { key: owner.key });
    const listed = (shipments.json!['data'] as Resource[]).find((r) => r.id === other);
    expect(listed?.relationships?.['custom_fields']).toEqual({ data: [{ type: 'custom_field', id: shipmentValue }] });

    expect((await call(app, 'DELETE', `/v2/containers/${otherContainer}/custom_fields/inspected`, { key: owner.key })).status).toBe(204);
    const after = await call(app, 'GET', `/v2/containers/${otherContainer}`, { key: owner.key });
    expect((after.json!['data'] as Resource).relationships?.['custom_fields']).toEqual({ data: [] });
  });

  it('answers 422 naming the field when a value does not fit its type', async () => {
    const base = `/v2/shipments/${shipmentId}/custom_fields`;
    for (const [apiSlug, value, words] of [
      ['weight', 'heavy', 'weight: must be a number'],
      ['weight', -1, 'weight: must be at least 0'],
      ['due', '2026-13-01', 'due: must be a date'],
      ['flags', ['reefer', 'oversize'], 'flags: unknown option oversize'],
      ['broker', '00000000-0000-4000-8000-000000000000', 'broker: no party with id'],
      ['priority', 'high', 'No Shipment custom field priority'],
    ] as const) {
      const response = await call(app, 'POST', base, { key: owner.key, body: valueBody({ api_slug: apiSlug, value }) });
      expect([apiSlug, response.status]).toEqual([apiSlug, 422]);
      expect(errorsOf(response.json)[0]?.detail).toContain(words);
    }
    const nul = await call(app, 'POST', base, { key: owner.key, body: valueBody({ api_slug: 'customer_ref', value: 'a\u0000b' }) });
    expect(nul.status).toBeGreaterThanOrEqual(400);
    expect(nul.status).toBeLessThan(500);
    const party = await createParty(ctx.db.dataSource, owner.account.id);
    expect((await call(app, 'POST', base, { key: owner.key, body: valueBody({ api_slug: 'broker', value: party.id }) })).status).toBe(201);
    const container = `/v2/containers/${containerId}/custom_fields`;
    const bad = await call(app, 'POST', container, { key: owner.key, body: valueBody({ api_slug: 'inspected', value: 'yes' }) });
    expect(errorsOf(bad.json)[0]).toMatchObject({
      source: { pointer: '/data/attributes/value' },
      meta: { api_slug: 'inspected', data_type: 'boolean' },
    });
  });

  it('serves /v2/custom_fields: create by relationship, get, filter, update, delete', async () => {
    const entity = { entity: { data: { type: 'container', id: containerId } } };
    const created = await call(app, 'POST', '/v2/custom_fields', {
      key: owner.key,
      body: valueBody({ api_slug: 'inspected', value: true }, entity),
    });
    expect(created.status).toBe(201);
    const id = (created.json!['data'] as Resource).id;
    expect(created.json!['data']).toMatchObject({
      attributes: { value: true, display_value: 'Yes' },
      relationships: { entity: { data: { type: 'container', id: containerId } } },
    });
    const read = await call(app, 'GET', `/v2/custom_fields/${id}?include=definition`, { key: owner.key });
    expect(read.json!['included']).toMatchObject([{ type: 'custom_field_definition', id: definitionIds['Container.inspected'] }]);
    const filtered = await call(
      app,
      'GET',
      `/v2/custom_fields?filter[entity_type]=Container&filter[definition_id]=${definitionIds['Container.inspected']}`,
      { key: owner.key },
    );
    expect((filtered.json!['data'] as Resource[]).map((f) => f.id)).toEqual([id]);
    const byEntity = await call(app, 'GET', `/v2/custom_fields?filter[entity_id]=${containerId}`, { key: owner.key });
    expect(
      (byEntity.json!['data'] as Resource[]).every((f) => (f.relationships?.['entity']?.data as { id: string }).id === containerId),
    ).toBe(true);
    expect((await call(app, 'GET', '/v2/custom_fields?filter[entity_id]=nope', { key: owner.key })).status).toBe(400);

    const patched = await call(app, 'PATCH', `/v2/custom_fields/${id}`, { key: owner.key, body: valueBody({ value: false }) });
    expect((patched.json!['data'] as Resource).attributes).toMatchObject({ value: false, display_value: 'No' });
    expect((await call(app, 'PATCH', `/v2/custom_fields/${id}`, { key: owner.key, body: valueBody({ value: 1 }) })).status).toBe(422);
    expect((await call(app, 'DELETE', `/v2/custom_fields/${id}`, { key: owner.key })).status).toBe(200);
    expect((await call(app, 'GET', `/v2/custom_fields/${id}`, { key: owner.key })).status).toBe(404);

    const unknown = { entity: { data: { type: 'shipment', id: '00000000-0000-4000-8000-000000000000' } } };
    const missing = await call(app, 'POST', '/v2/custom_fields', {
      key: owner.key,
      body: valueBody({ api_slug: 'customer_ref', value: 'x' }, unknown),
    });
    expect(missing.status).toBe(422);
    expect(errorsOf(missing.json)[0]).toMatchObject({ source: { pointer: '/data/relationships/entity/data/id' } });
    expect(
      (await call(app, 'POST', '/v2/custom_fields', { key: owner.key, body: valueBody({ api_slug: 'customer_ref', value: 'x' }) })).status,
    ).toBe(422);
  });

  it('answers 401 for another account’s values and entities', async () => {
    const made = await call(app, 'POST', `/v2/shipments/${shipmentId}/custom_fields`, {
      key: owner.key,
      body: valueBody({ api_slug: 'due', value: '2026-09-01' }),
    });
    const id = (made.json!['data'] as Resource).id;
    for (const [method, url, body] of [
      ['GET', `/v2/custom_fields/${id}`, undefined],
      ['PATCH', `/v2/custom_fields/${id}`, valueBody({ value: '2026-09-02' })],
      ['DELETE', `/v2/custom_fields/${id}`, undefined],
      ['GET', `/v2/custom_fields?filter[entity_id]=${shipmentId}`, undefined],
      [
        'POST',
        '/v2/custom_fields',
        valueBody({ api_slug: 'due', value: '2026-09-02' }, { entity: { data: { type: 'shipment', id: shipmentId } } }),
      ],
      ['GET', `/v2/shipments/${shipmentId}/custom_fields`, undefined],
      ['POST', `/v2/shipments/${shipmentId}/custom_fields`, valueBody({ api_slug: 'due', value: '2026-09-02' })],
      ['PATCH', `/v2/shipments/${shipmentId}/custom_fields/due`, valueBody({ value: '2026-09-02' })],
      ['DELETE', `/v2/shipments/${shipmentId}/custom_fields/due`, undefined],
      ['GET', `/v2/containers/${containerId}/custom_fields`, undefined],
      ['GET', `/v2/tracking_requests/${trackingRequestId}/custom_fields`, undefined],
    ] as const) {
      const response = await call(app, method, url, { key: stranger.key, ...(body ? { body } : {}) });
      expect([method, url, response.status]).toEqual([method, url, 401]);
    }
  });

  it('shows values on their resources (include=custom_fields) and filters the lists by them', async () => {
    const other = (await createShipment(ctx.db.dataSource, owner.account.id)).id;
    await call(app, 'POST', `/v2/shipments/${shipmentId}/custom_fields`, {
      key: owner.key,
      body: valueBody({ api_slug: 'customer_ref', value: 'FIND-ME' }),
    });
    const shown = await call(app, 'GET', `/v2/shipments/${shipmentId}?include=custom_fields`, { key: owner.key });
    const linkage = ((shown.json!['data'] as Resource).relationships?.['custom_fields']?.data ?? []) as { type: string }[];
    expect(linkage.length).toBeGreaterThan(0);
    expect(linkage.every((l) => l.type === 'custom_field')).toBe(true);
    expect((shown.json!['included'] as Resource[]).map((r) => r.attributes['api_slug'])).toContain('customer_ref');
    const plain = await call(app, 'GET', `/v2/shipments/${other}`, { key: owner.key });
    expect((plain.json!['data'] as Resource).relationships?.['custom_fields']).toEqual({ data: [] });

    const found = await call(app, 'GET', '/v2/shipments?filter[custom_fields][customer_ref]=FIND-ME', { key: owner.key });
    expect((found.json!['data'] as Resource[]).map((r) => r.id)).toEqual([shipmentId]);
    const flagged = await call(app, 'GET', '/v2/shipments?filter[custom_fields][flags]=hazmat', { key: owner.key });
    expect((flagged.json!['data'] as Resource[]).map((r) => r.id)).toEqual([shipmentId]);
    expect((await call(app, 'GET', '/v2/shipments?filter[custom_fields][nope]=x', { key: owner.key })).status).toBe(400);

    await call(app, 'POST', `/v2/containers/${containerId}/custom_fields`, {
      key: owner.key,
      body: valueBody({ api_slug: 'inspected', value: true }),
    });
    const containers = await call(app, 'GET', '/v2/containers?filter[custom_fields][inspected]=true&include=custom_fields', {
      key: owner.key,
    });
    expect((containers.json!['data'] as Resource[]).map((r) => r.id)).toEqual([containerId]);
    expect((await call(app, 'GET', '/v2/containers?filter[custom_fields][inspected]=false', { key: owner.key })).json!['data']).toEqual([]);

    await call(app, 'POST', `/v2/tracking_requests/${trackingRequestId}/custom_fields`, {
      key: owner.key,
      body: valueBody({ api_slug: 'po_number', value: 'PO-9' }),
    });
    const requests = await call(app, 'GET', '/v2/tracking_requests?filter[custom_fields][po_number]=PO-9', { key: owner.key });
    expect((requests.json!['data'] as Resource[]).map((r) => r.id)).toEqual([trackingRequestId]);
  });
});
