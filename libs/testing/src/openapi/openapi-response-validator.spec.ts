import { OpenApiResponseValidator } from './openapi-response-validator';

const json = (schema: unknown): { content: Record<string, { schema: unknown }> } => ({ content: { 'application/json': { schema } } });

const V30 = {
  openapi: '3.0.0',
  info: { title: 'reference', version: '1', 'x-label': 'Beta' },
  servers: [{ url: 'https://api.example.com/v2' }],
  paths: {
    '/things/{id}': {
      get: { responses: { '200': json({ $ref: '#/components/schemas/thing' }) } },
      delete: { responses: { '200': { description: 'deleted' } } },
    },
    '/bundles': {
      get: {
        responses: {
          '200': json({
            type: 'object',
            properties: {
              included: {
                type: 'array',
                items: {
                  anyOf: [
                    { $ref: '#/components/schemas/port' },
                    { $ref: '#/components/schemas/terminal' },
                    { $ref: '#/components/schemas/loose' },
                  ],
                },
              },
            },
          }),
        },
      },
    },
    '/things/special': { get: { responses: { '200': json({ type: 'object', properties: { special: { type: 'boolean' } } }) } } },
  },
  components: {
    schemas: {
      port: { type: 'object', required: ['type'], properties: { type: { type: 'string', enum: ['port'] } } },
      // Leaves `type` open, as the reference's container_updated_event does: it names no one's tag.
      loose: { type: 'object', required: ['type', 'changeset'], properties: { type: { type: 'string' }, changeset: { type: 'object' } } },
      terminal: {
        type: 'object',
        required: ['type', 'attributes'],
        properties: {
          type: { type: 'string', enum: ['terminal'] },
          attributes: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, zip: { type: 'string' } } },
        },
      },
      thing: {
        type: 'object',
        'x-examples': { one: {} },
        required: ['id', 'height'],
        properties: {
          id: { type: 'string', format: 'uuid', example: '0b8f…' },
          height: { type: 'string', nullable: true, enum: ['standard', 'high_cube'] },
          link: { type: 'string', format: 'uri' },
          value: { nullable: true, oneOf: [{ type: 'string' }, { type: 'number' }] },
          shape: { oneOf: [{ type: 'string', enum: ['a'] }, { type: 'number' }] },
        },
      },
    },
  },
};
const ID = '0b8f5f0e-8d0c-4a57-9d59-6d7a3c6c3b1a';

describe('OpenAPI response validation with ajv in strict mode', () => {
  it('matches the request path under the server path, literal segments first', () => {
    const validator = new OpenApiResponseValidator(V30, 'v30');
    const special = validator.validate({
      method: 'GET',
      path: '/v2/things/special',
      status: 200,
      contentType: 'application/json',
      body: {},
    });
    expect(special).toEqual({ operation: 'GET /things/special', findings: [] });
    const unknown = validator.validate({ method: 'GET', path: '/v2/nothing', status: 200, body: {} });
    expect(unknown.operation).toBeNull();
    expect(unknown.findings.map((f) => f.rule)).toEqual(['operation']);
  });

  it('names each departure by keyword and member pointer, array indices as *, the missing member for required', () => {
    const validator = new OpenApiResponseValidator(V30, 'v30');
    const answer = (body: unknown) =>
      validator
        .validate({ method: 'GET', path: `/v2/things/${ID}?include=x`, status: 200, contentType: 'application/json; charset=utf-8', body })
        .findings.map((f) => `${f.operation} ${f.rule} ${f.where}`);
    expect(answer({ id: ID, height: 'high_cube', link: 'https://x.example/a?page%5Bnumber%5D=1', value: null, shape: 'a' })).toEqual([]);
    // OpenAPI 3.0.3: nullable adds null to the type, the enum still decides.
    expect(answer({ id: ID, height: null })).toEqual([`GET /things/{id} enum /height`]);
    expect(answer({ id: ID, height: 'high cube' })).toEqual([`GET /things/{id} enum /height`]);
    expect(answer({ height: 'standard' })).toEqual([`GET /things/{id} required /id`]);
    // RFC 3986: brackets are not allowed in a query unencoded.
    expect(answer({ id: ID, height: 'standard', link: 'https://x.example/a?page[number]=1' })).toEqual([`GET /things/{id} format /link`]);
    expect(answer({ id: 'not-a-uuid', height: 'standard' })).toEqual([`GET /things/{id} format /id`]);
    // A failed oneOf is one finding at its member, whatever each alternative said.
    expect(answer({ id: ID, height: 'standard', shape: 'b' })).toEqual([`GET /things/{id} oneOf /shape`]);
  });

  it('tells which alternative a member meant to be by its tag, and reports that alternative’s own departures', () => {
    const validator = new OpenApiResponseValidator(V30, 'v30');
    const findings = (included: unknown[]): string[] =>
      validator
        .validate({ method: 'GET', path: '/v2/bundles', status: 200, contentType: 'application/json', body: { included } })
        .findings.map((f) => `${f.rule} ${f.where}`);
    expect(findings([{ type: 'port' }, { type: 'terminal', attributes: { name: 'Pier 400' } }])).toEqual([]);
    expect(findings([{ type: 'port' }, { type: 'terminal', attributes: { zip: null } }])).toEqual([
      'required /included/*/attributes/name',
      'type /included/*/attributes/zip',
    ]);
    // A type no alternative names (the open one does not count): the member is one finding.
    expect(findings([{ type: 'vessel' }])).toEqual(['anyOf /included/*']);
  });

  it('reads an untyped nullable as OpenAPI 3.0.0 states, and says so', () => {
    const validator = new OpenApiResponseValidator(V30, 'v30');
    expect(validator.readings).toEqual([
      expect.objectContaining({ rule: 'compile', where: '#/components/schemas/thing/properties/value' }) as unknown,
    ]);
    expect(validator.compileAll().map((f) => f.where)).toEqual(['#/components/schemas/thing/properties/value']);
    const findings = validator.validate({
      method: 'GET',
      path: `/v2/things/${ID}`,
      status: 200,
      contentType: 'application/json',
      body: { id: ID, height: 'standard', value: true },
    }).findings;
    expect(findings.map((f) => `${f.rule} ${f.where}`)).toEqual(['anyOf /value']);
  });

  it('reports an undocumented status, a body nobody described, and another media type', () => {
    const validator = new OpenApiResponseValidator(V30, 'v30');
    const deleted = validator.validate({ method: 'DELETE', path: `/v2/things/${ID}`, status: 204, body: undefined });
    expect(deleted.findings.map((f) => `${f.rule} ${f.where}`)).toEqual(['status 204']);
    expect(validator.validate({ method: 'DELETE', path: `/v2/things/${ID}`, status: 200, body: undefined }).findings).toEqual([]);
    expect(
      validator.validate({ method: 'DELETE', path: `/v2/things/${ID}`, status: 200, contentType: 'application/json', body: {} }).findings,
    ).toEqual([expect.objectContaining({ rule: 'body' }) as unknown]);
    const other = validator.validate({
      method: 'GET',
      path: `/v2/things/${ID}`,
      status: 200,
      contentType: 'application/vnd.api+json',
      body: { id: ID, height: 7 },
    });
    expect(other.findings.map((f) => `${f.rule} ${f.where}`)).toEqual([
      'media-type application/vnd.api+json',
      'type /height',
      'enum /height',
    ]);
  });

  it('refuses, as a compile finding, what a strict validator refuses: an unknown keyword, a nullable in 3.1, an ambiguous type', () => {
    const v31 = {
      openapi: '3.1.0',
      info: { title: 'ours', version: '1' },
      paths: {
        '/v2/a': { get: { responses: { '200': json({ type: 'object', properties: { a: { type: 'string', nullable: true } } }) } } },
        '/v2/b': { get: { responses: { '200': json({ type: ['string', 'number'] }) } } },
        '/v2/c': { get: { responses: { '200': json({ type: 'object', properties: { c: { type: ['string', 'null'], example: 'x' } } }) } } },
        '/v2/d': { get: { responses: { '200': json({ type: 'string', format: 'no-such-format' }) } } },
      },
    };
    const validator = new OpenApiResponseValidator(v31, 'v31');
    expect(validator.compileAll().map((f) => [f.where, f.message.replace(/ at .*/, '')])).toEqual([
      ['#/paths/~1v2~1a/get/responses/200/content/application~1json/schema', 'strict mode: unknown keyword: "nullable"'],
      [
        '#/paths/~1v2~1b/get/responses/200/content/application~1json/schema',
        'strict mode: use allowUnionTypes to allow union type keyword',
      ],
      ['#/paths/~1v2~1d/get/responses/200/content/application~1json/schema', 'unknown format "no-such-format" ignored in schema'],
    ]);
    expect(validator.validate({ method: 'GET', path: '/v2/c', status: 200, contentType: 'application/json', body: { c: null } })).toEqual({
      operation: 'GET /v2/c',
      findings: [],
    });
    expect(
      validator
        .validate({ method: 'GET', path: '/v2/a', status: 200, contentType: 'application/json', body: {} })
        .findings.map((f) => f.rule),
    ).toEqual(['compile']);
  });
});
