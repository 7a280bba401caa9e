import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { OpenApiResponseValidator } from '@quayside/testing';
import { ApiTestContext, call } from '../test/api-test-app';

interface MediaType {
  schema?: unknown;
  example?: unknown;
  examples?: Record<string, { value?: unknown; $ref?: string }>;
}
interface Operation {
  requestBody?: { content?: Record<string, MediaType> };
  responses?: Record<string, { content?: Record<string, MediaType> }>;
}
interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas?: Record<string, unknown> };
}

const METHODS = new Set(['get', 'put', 'post', 'patch', 'delete', 'head', 'options']);
const escape = (segment: string): string => segment.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * The examples of a media type, by name: its `examples`, its `example`, and the `example` at
 * the top of its schema (which Swagger UI shows as well).
 */
function examplesOf(media: MediaType): Array<[string, unknown]> {
  const named = Object.entries(media.examples ?? {}).map(([name, example]): [string, unknown] => [name, example.value]);
  const schemaExample = (media.schema as { example?: unknown } | undefined)?.example;
  return [
    ...(media.example === undefined ? [] : [['example', media.example] as [string, unknown]]),
    ...(schemaExample === undefined ? [] : [['schema example', schemaExample] as [string, unknown]]),
    ...named,
  ];
}

describe('every operation of the OpenAPI document carries examples that match their schemas', () => {
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

  function operations(): Array<[string, Operation]> {
    return Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => METHODS.has(method))
        .map(([method, operation]): [string, Operation] => [`${method.toUpperCase()} ${path}`, operation]),
    );
  }

  /** Every media type that describes a body: the request's, and the 2xx responses'. */
  function bodies(operation: Operation): Array<[string, Record<string, MediaType>]> {
    const request: Array<[string, Record<string, MediaType>]> = operation.requestBody?.content
      ? [['request', operation.requestBody.content]]
      : [];
    const responses = Object.entries(operation.responses ?? {})
      .filter(([status]) => /^2/.test(status))
      .filter(([, response]) => response.content !== undefined && Object.keys(response.content).length > 0)
      .map(([status, response]): [string, Record<string, MediaType>] => [status, response.content!]);
    return [...request, ...responses];
  }

  it('describes a request body (where there is one) and every 2xx body with an example', () => {
    const missing: string[] = [];
    for (const [name, operation] of operations()) {
      const successes = Object.entries(operation.responses ?? {}).filter(([status]) => /^2/.test(status));
      if (successes.length === 0) missing.push(`${name}: no 2xx response`);
      // Only a 204 answers without a body; any other success must say what its body is.
      for (const [status, response] of successes)
        if (status !== '204' && !response.content) missing.push(`${name} ${status}: no body described`);
      for (const [part, content] of bodies(operation)) {
        for (const [mediaType, media] of Object.entries(content)) {
          // The media type's own example(s): what /docs shows and clients copy. An `example` inside
          // the schema is not shown as the body's example, so it does not count here.
          if (media.example === undefined && Object.keys(media.examples ?? {}).length === 0) missing.push(`${name} ${part} ${mediaType}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('validates every example against the schema beside it with ajv in strict mode, $refs resolved in the served document', () => {
    // The same strict validator that checks the api's answers (libs/testing): every schema must
    // compile, every format is checked (RFC 3986 links, RFC 3339 instants).
    const validator = new OpenApiResponseValidator(document, 'quayside');
    const failures: string[] = [];
    let checked = 0;
    let described = 0;
    for (const [name, operation] of operations()) {
      const [method, path] = name.split(' ') as [string, string];
      for (const [part, content] of bodies(operation)) {
        for (const [mediaType, media] of Object.entries(content)) {
          if (media.schema === undefined) continue;
          described += 1;
          const where = part === 'request' ? 'requestBody' : `responses/${part}`;
          const pointer = `#/paths/${escape(path)}/${method.toLowerCase()}/${where}/content/${escape(mediaType)}/schema`;
          for (const [exampleName, value] of examplesOf(media)) {
            checked += 1;
            for (const finding of validator.validateAt(pointer, value, name))
              failures.push(`${name} ${part} ${mediaType} ${exampleName}: ${finding.rule} ${finding.where} ${finding.message}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    // Every described body was checked against at least one example.
    expect(checked).toBeGreaterThanOrEqual(described);
    expect(described).toBeGreaterThan(100);
  });
});
