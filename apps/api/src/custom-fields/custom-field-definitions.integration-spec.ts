import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { ProvisionedAccount } from '@quayside/data-access';
import { ApiTestContext, call } from '../test/api-test-app';

interface Resource {
  id: string;
  type: string;
  attributes: Record<string, unknown>;
  links?: { self: string };
}

const definitionBody = (attributes: Record<string, unknown>): unknown => ({ data: { type: 'custom_field_definition', attributes } });
const optionBody = (attributes: Record<string, unknown>): unknown => ({ data: { type: 'custom_field_option', attributes } });
const errorsOf = (json: Record<string, unknown> | undefined): { detail: string; source?: { pointer?: string } }[] =>
  (json?.['errors'] ?? []) as { detail: string; source?: { pointer?: string } }[];

describe('custom field definitions and options', () => {
  let ctx: ApiTestContext;
  let app: NestFastifyApplication;
  let owner: ProvisionedAccount;
  let stranger: ProvisionedAccount;

  const define = async (account: ProvisionedAccount, attributes: Record<string, unknown>): Promise<Resource> => {
    const response = await call(app, 'POST', '/v2/custom_field_definitions', { key: account.key, body: definitionBody(attributes) });
    expect(response.status).toBe(201);
    return response.json!['data'] as Resource;
  };

  beforeAll(async () => {
    ctx = await ApiTestContext.create();
    app = await ctx.startApp();
    owner = await ctx.account({ company: 'Owner' });
    stranger = await ctx.account({ company: 'Stranger' });
  });

  afterAll(async () => {
    await ctx.close();
  });

  it('creates, reads, lists with filters, updates and deletes a definition', async () => {
    const made = await define(owner, {
      entity_type: 'Shipment',
      api_slug: 'customer_ref',
      display_name: 'Customer reference',
      data_type: 'short_text',
      validation: { max_length: 20 },
    });
    expect(made).toMatchObject({
      type: 'custom_field_definition',
      attributes: {
        entity_type: 'Shipment',
        api_slug: 'customer_ref',
        display_name: 'Customer reference',
        data_type: 'short_text',
        validation: { max_length: 20 },
        default_value: null,
        reference_type: null,
      },
      links: { self: `/v2/custom_field_definitions/${made.id}` },
    });
    await define(owner, { entity_type: 'Container', api_slug: 'seal_ok', display_name: 'Seal checked', data_type: 'boolean' });
    const read = await call(app, 'GET', `/v2/custom_field_definitions/${made.id}`, { key: owner.key });
    expect(read.json!['data']).toEqual(made);

    const byEntity = await call(app, 'GET', '/v2/custom_field_definitions?filter[entity_type]=Container', { key: owner.key });
    expect((byEntity.json!['data'] as Resource[]).map((d) => d.attributes['api_slug'])).toEqual(['seal_ok']);
    const byName = await call(app, 'GET', '/v2/custom_field_definitions?filter[display_name]=customer', { key: owner.key });
    expect((byName.json!['data'] as Resource[]).map((d) => d.attributes['api_slug'])).toEqual(['customer_ref']);
    const byType = await call(app, 'GET', '/v2/custom_field_definitions?filter[data_type]=boolean', { key: owner.key });
    expect(byType.json!['meta']).toMatchObject({ total: 1 });
    expect((await call(app, 'GET', '/v2/custom_field_definitions?filter[data_type]=colour', { key: owner.key })).status).toBe(400);

    const updated = await call(app, 'PATCH', `/v2/custom_field_definitions/${made.id}`, {
      key: owner.key,
      body: definitionBody({ display_name: 'Customer ref.', default_value: 'N/A' }),
    });
    expect(updated.status).toBe(200);
    expect((updated.json!['data'] as Resource).attributes).toMatchObject({
      display_name: 'Customer ref.',
      default_value: 'N/A',
      api_slug: 'customer_ref',
    });

    const deleted = await call(app, 'DELETE', `/v2/custom_field_definitions/${made.id}`, { key: owner.key });
    expect(deleted.status).toBe(200);
    expect((await call(app, 'GET', `/v2/custom_field_definitions/${made.id}`, { key: owner.key })).status).toBe(404);
  });

  it('answers 422 naming the problem, and 409 for an api_slug taken on the same entity type', async () => {
    const bad = await call(app, 'POST', '/v2/custom_field_definitions', {
      key: owner.key,
      body: definitionBody({ entity_type: 'Vessel', api_slug: 'Bad Slug', display_name: '', data_type: 'colour' }),
    });
    expect(bad.status).toBe(422);
    expect(
      errorsOf(bad.json)
        .map((e) => e.source?.pointer)
        .sort(),
    ).toEqual(
      ['/data/attributes/api_slug', '/data/attributes/data_type', '/data/attributes/display_name', '/data/attributes/entity_type'].sort(),
    );
    const rules = await call(app, 'POST', '/v2/custom_field_definitions', {
      key: owner.key,
      body: definitionBody({
        entity_type: 'Shipment',
        api_slug: 'weight',
        display_name: 'Weight',
        data_type: 'number',
        validation: { max_length: 3 },
        default_value: 'heavy',
      }),
    });
    expect(rules.status).toBe(422);
    expect(errorsOf(rules.json)[0]).toMatchObject({ source: { pointer: '/data/attributes/validation/max_length' } });
    const reference = await call(app, 'POST', '/v2/custom_field_definitions', {
      key: owner.key,
      body: definitionBody({ entity_type: 'Shipment', api_slug: 'broker', display_name: 'Broker', data_type: 'reference' }),
    });
    expect(errorsOf(reference.json)[0]).toMatchObject({ source: { pointer: '/data/attributes/reference_type' } });

    const first = await define(owner, {
      entity_type: 'TrackingRequest',
      api_slug: 'po_number',
      display_name: 'PO',
      data_type: 'short_text',
    });
    await define(owner, { entity_type: 'Shipment', api_slug: 'po_number', display_name: 'PO', data_type: 'short_text' });
    const taken = await call(app, 'POST', '/v2/custom_field_definitions', {
      key: owner.key,
      body: definitionBody({ entity_type: 'TrackingRequest', api_slug: 'po_number', display_name: 'PO again', data_type: 'number' }),
    });
    expect(taken.status).toBe(409);
    expect(errorsOf(taken.json)[0]).toMatchObject({ meta: { custom_field_definition_id: first.id } });
    const fixed = await call(app, 'PATCH', `/v2/custom_field_definitions/${first.id}`, {
      key: owner.key,
      body: definitionBody({ data_type: 'number' }),
    });
    expect(fixed.status).toBe(422);
    expect(errorsOf(fixed.json)[0]?.detail).toContain('data_type cannot change');
  });

  it('manages the options of a select field, in position order', async () => {
    const select = await define(owner, { entity_type: 'Container', api_slug: 'priority', display_name: 'Priority', data_type: 'enum' });
    const base = `/v2/custom_field_definitions/${select.id}/options`;
    const low = await call(app, 'POST', base, { key: owner.key, body: optionBody({ label: 'Low', value: 'low', position: 2 }) });
    const high = await call(app, 'POST', base, { key: owner.key, body: optionBody({ label: 'High', value: 'high', position: 1 }) });
    expect(low.status).toBe(201);
    const highId = (high.json!['data'] as Resource).id;
    expect(high.json!['data']).toMatchObject({
      type: 'custom_field_option',
      attributes: { label: 'High', value: 'high', position: 1 },
      links: { self: `${base}/${highId}` },
    });
    const list = await call(app, 'GET', base, { key: owner.key });
    expect((list.json!['data'] as Resource[]).map((o) => o.attributes['value'])).toEqual(['high', 'low']);
    expect((await call(app, 'GET', `${base}/${highId}`, { key: owner.key })).json!['data']).toMatchObject({ id: highId });

    const renamed = await call(app, 'PATCH', `${base}/${highId}`, { key: owner.key, body: optionBody({ label: 'Urgent' }) });
    expect((renamed.json!['data'] as Resource).attributes).toMatchObject({ label: 'Urgent', value: 'high' });
    expect((await call(app, 'PATCH', `${base}/${highId}`, { key: owner.key, body: optionBody({ value: 'urgent' }) })).status).toBe(422);
    expect((await call(app, 'POST', base, { key: owner.key, body: optionBody({ label: 'Again', value: 'low' }) })).status).toBe(409);
    expect((await call(app, 'POST', base, { key: owner.key, body: optionBody({ label: 'No value' }) })).status).toBe(422);

    expect((await call(app, 'DELETE', `${base}/${highId}`, { key: owner.key })).status).toBe(200);
    expect((await call(app, 'GET', `${base}/${highId}`, { key: owner.key })).status).toBe(404);

    const text = await define(owner, { entity_type: 'Container', api_slug: 'note', display_name: 'Note', data_type: 'short_text' });
    const refused = await call(app, 'POST', `/v2/custom_field_definitions/${text.id}/options`, {
      key: owner.key,
      body: optionBody({ label: 'A', value: 'a' }),
    });
    expect(refused.status).toBe(422);
    expect(errorsOf(refused.json)[0]?.detail).toContain('only enum and enum_multi');
  });

  it('answers 401 for another account’s definitions and options, 404 for unknown ids', async () => {
    const mine = await define(owner, { entity_type: 'Shipment', api_slug: 'tier', display_name: 'Tier', data_type: 'enum_multi' });
    const option = await call(app, 'POST', `/v2/custom_field_definitions/${mine.id}/options`, {
      key: owner.key,
      body: optionBody({ label: 'Gold', value: 'gold' }),
    });
    const optionId = (option.json!['data'] as Resource).id;
    for (const [method, url, body] of [
      ['GET', `/v2/custom_field_definitions/${mine.id}`, undefined],
      ['PATCH', `/v2/custom_field_definitions/${mine.id}`, definitionBody({ display_name: 'x' })],
      ['DELETE', `/v2/custom_field_definitions/${mine.id}`, undefined],
      ['GET', `/v2/custom_field_definitions/${mine.id}/options`, undefined],
      ['POST', `/v2/custom_field_definitions/${mine.id}/options`, optionBody({ label: 'x', value: 'x' })],
      ['GET', `/v2/custom_field_definitions/${mine.id}/options/${optionId}`, undefined],
      ['PATCH', `/v2/custom_field_definitions/${mine.id}/options/${optionId}`, optionBody({ label: 'x' })],
      ['DELETE', `/v2/custom_field_definitions/${mine.id}/options/${optionId}`, undefined],
    ] as const) {
      const response = await call(app, method, url, { key: stranger.key, ...(body ? { body } : {}) });
      expect([method, url, response.status]).toEqual([method, url, 401]);
    }
    expect((await call(app, 'GET', '/v2/custom_field_definitions', { key: stranger.key })).json!['data']).toEqual([]);
    expect((await call(app, 'GET', '/v2/custom_field_definitions/00000000-0000-4000-8000-000000000000', { key: owner.key })).status).toBe(
      404,
    );
    const other = await define(owner, { entity_type: 'Shipment', api_slug: 'tier2', display_name: 'Tier 2', data_type: 'enum' });
    expect((await call(app, 'GET', `/v2/custom_field_definitions/${other.id}/options/${optionId}`, { key: owner.key })).status).toBe(404);
  });

  it('is open to free accounts: definitions are the account’s own settings, not tracking data', async () => {
    const free = await ctx.account({ plan: 'free' });
    expect(
      (
        await call(app, 'POST', '/v2/custom_field_definitions', {
          key: free.key,
          body: definitionBody({ entity_type: 'Shipment', api_slug: 'free_note', display_name: 'Note', data_type: 'short_text' }),
        })
      ).status,
    ).toBe(201);
  });
});
