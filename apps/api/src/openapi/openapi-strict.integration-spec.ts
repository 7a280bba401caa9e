import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { OpenApiResponseValidator } from '@quayside/testing';
import { ApiTestContext, call } from '../test/api-test-app';

/**
 * Every schema of the served document — components, request bodies, parameters, responses —
 * compiles in ajv's strict mode, so a validator built on a strict JSON Schema implementation
 * checks every body instead of skipping the ones it refuses (issue 44; the answers themselves
 * are checked against it by e2e/openapi-conformance.e2e-spec.ts).
 */
describe('the OpenAPI document compiles in a strict validator', () => {
  let ctx: ApiTestContext;
  let app: NestFastifyApplication;

  beforeAll(async () => {
    ctx = await ApiTestContext.create();
    app = await ctx.startApp();
  });

  afterAll(async () => {
    await ctx.close();
  });

  it('has no schema ajv refuses in strict mode, and describes JSON answers as application/vnd.api+json', async () => {
    const document = (await call(app, 'GET', '/docs/openapi.json')).json!;
    const validator = new OpenApiResponseValidator(document, 'quayside');
    expect(validator.compileAll().map((finding) => `${finding.where}: ${finding.message}`)).toEqual([]);
    expect(validator.operations().length).toBeGreaterThan(90);
    const mediaTypes = new Set(
      Object.values(document['paths'] as Record<string, Record<string, { responses: Record<string, { content?: object }> }>>).flatMap(
        (item) =>
          Object.values(item).flatMap((operation) => Object.values(operation.responses).flatMap((r) => Object.keys(r.content ?? {}))),
      ),
    );
    expect(mediaTypes.has('application/json')).toBe(false);
    expect(mediaTypes.has('application/vnd.api+json')).toBe(true);
  });
});
