import { FastifyAdapter } from '@nestjs/platform-fastify';
import { lazySchemaCompilers } from './lazy-schema-compilers';

describe('the schema compilers loaded on first use', () => {
  it('validate and serialize a route with schemas as the built-in ones do', async () => {
    const fastify = new FastifyAdapter({ schemaController: { compilersFactory: lazySchemaCompilers() } }).getInstance();
    fastify.post(
      '/things',
      {
        schema: {
          body: { type: 'object', required: ['count'], properties: { count: { type: 'integer', minimum: 1 } } },
          response: { 200: { type: 'object', properties: { count: { type: 'integer' } } } },
        },
      },
      async (request) => ({ count: (request.body as { count: number }).count, secret: 'not in the schema' }),
    );
    try {
      const refused = await fastify.inject({ method: 'POST', url: '/things', payload: { count: 0 } });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ message: 'body/count must be >= 1' });
      const answered = await fastify.inject({ method: 'POST', url: '/things', payload: { count: '3' } });
      expect(answered.statusCode).toBe(200);
      expect(answered.json()).toEqual({ count: 3 });
    } finally {
      await fastify.close();
    }
  });
});
