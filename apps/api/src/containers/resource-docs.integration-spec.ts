import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ApiTestContext, call } from '../test/api-test-app';

interface Operation {
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
  parameters?: { name: string }[];
}

type OpenApi = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, unknown> } };

/** Item 10 of issue 4 for containers, transport events, parties and party roles. */
describe('OpenAPI: container, transport event, party and party role endpoints', () => {
  let ctx: ApiTestContext;
  let app: NestFastifyApplication;
  let document: OpenApi;

  beforeAll(async () => {
    ctx = await ApiTestContext.create();
    app = await ctx.startApp();
    document = (await call(app, 'GET', '/docs/openapi.json')).json as unknown as OpenApi;
  });

  afterAll(async () => {
    await ctx.close();
  });

  it.each([
    ['get', '/v2/containers', '200'],
    ['get', '/v2/containers/{id}', '200'],
    ['patch', '/v2/containers/{id}/refresh', '200'],
    ['get', '/v2/containers/{id}/transport_events', '200'],
    ['get', '/v2/containers/{id}/party_roles', '200'],
    ['post', '/v2/containers/{id}/party_roles', '201'],
    ['get', '/v2/shipments/{id}/party_roles', '200'],
    ['post', '/v2/shipments/{id}/party_roles', '201'],
    ['get', '/v2/parties', '200'],
    ['post', '/v2/parties', '201'],
    ['get', '/v2/parties/{id}', '200'],
    ['patch', '/v2/parties/{id}', '200'],
  ])('%s %s has a %s response schema', (method, path, status) => {
    const operation = document.paths[path]?.[method];
    expect(operation?.responses[status]?.content?.['application/vnd.api+json']?.schema).toEqual(
      expect.objectContaining({ type: 'object' }),
    );
  });

  it.each([
    ['post', '/v2/parties', 'CreatePartyAttributes'],
    ['patch', '/v2/parties/{id}', 'UpdatePartyAttributes'],
    ['post', '/v2/containers/{id}/party_roles', 'PartyRoleAttributes'],
    ['post', '/v2/shipments/{id}/party_roles', 'PartyRoleAttributes'],
  ])('%s %s describes its request body, with %s among the components', (method, path, model) => {
    expect(document.paths[path]?.[method]?.requestBody).toBeDefined();
    expect(JSON.stringify(document.paths[path]?.[method]?.requestBody)).toContain(`#/components/schemas/${model}`);
    expect(document.components.schemas[model]).toBeDefined();
  });

  it('describes the container list filters and the operational attributes', () => {
    const names = document.paths['/v2/containers']!['get']!.parameters!.map((p) => p.name);
    expect(names).toEqual(
      expect.arrayContaining(['q', 'filter[number]', 'filter[current_status]', 'include', 'page[number]', 'page[size]']),
    );
    const schema = JSON.stringify(document.paths['/v2/containers/{id}']!['get']!.responses['200']);
    for (const attribute of [
      'holds_at_pod_terminal',
      'fees_at_pod_terminal',
      'pickup_lfd',
      'import_deadlines',
      'available_for_pickup',
      'pod_eta_at',
      'equipment_height',
      'pod_timezone',
    ]) {
      expect(schema).toContain(`"${attribute}"`);
    }
  });
});
