import type { OpenAPIObject } from '@nestjs/swagger';
import { describeAsServed } from './served-document';

const json = (schema: object): { description: string; content: Record<string, { schema: object }> } => ({
  description: 'JSON',
  content: { 'application/json': { schema } },
});

describe('the OpenAPI document as the api serves it', () => {
  const document = (): OpenAPIObject => ({
    openapi: '3.0.0',
    info: { title: 't', version: '1' },
    paths: {
      '/v2/things': {
        get: {
          responses: {
            '200': json({ type: 'object', properties: { status: { type: 'string', enum: ['a', 'b'], nullable: true } } }),
            '204': { description: 'none' },
          },
        },
        post: {
          requestBody: json({ type: 'object' }),
          responses: { '201': { description: 'file', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } } },
        },
      },
    },
    components: { schemas: { Thing: { type: 'object', properties: { kind: { type: 'string', enum: ['x'] } } } } },
  });

  it('lists null in every nullable enum, wherever it is, and leaves the others alone', () => {
    const served = describeAsServed(document());
    const get = served.paths['/v2/things']!.get!;
    expect(JSON.stringify(get.responses['200'])).toContain('"enum":["a","b",null]');
    expect(served.components!.schemas!['Thing']).toEqual({ type: 'object', properties: { kind: { type: 'string', enum: ['x'] } } });
    // Once is enough: a second pass adds nothing.
    expect(JSON.stringify(describeAsServed(served).paths['/v2/things']!.get!.responses['200'])).toContain('"enum":["a","b",null]');
  });

  it('names JSON answers application/vnd.api+json, and keeps request bodies and other media types', () => {
    const served = describeAsServed(document());
    const { get, post } = served.paths['/v2/things']!;
    expect(Object.keys((get!.responses['200'] as { content: object }).content)).toEqual(['application/vnd.api+json']);
    expect(get!.responses['204']).toEqual({ description: 'none' });
    expect(Object.keys((post!.requestBody as { content: object }).content)).toEqual(['application/json']);
    expect(Object.keys((post!.responses['201'] as { content: object }).content)).toEqual(['application/pdf']);
  });
});
