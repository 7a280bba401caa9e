import { createRequire } from 'node:module';
import type { FastifyServerOptions } from 'fastify';

type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;
/** Both factories take the instance's shared schemas and its `ajv` / `serializerOpts` options. */
type Build = (externalSchemas: unknown, options: unknown) => unknown;

/**
 * Fastify's own schema compilers (ajv with its formats, fast-json-stringify: some 140 modules),
 * loaded the first time a route with a validation or response schema is registered rather than
 * when Fastify starts. None of the api's routes has one (Nest validates with its pipes; Bull
 * Board's routes only carry `hide`), so an idle api never loads them (docs/architecture.md,
 * "Memory"). They come from where the Fastify under Nest's adapter would require them, so they
 * are the very compilers it would have built. Fastify takes factories given here for custom
 * ones, which changes one thing: a `headers` schema's property names are not lower-cased
 * for them; no route declares a `headers` schema.
 */
export function lazySchemaCompilers(): CompilersFactory {
  let validator: Build | undefined;
  let serializer: Build | undefined;
  const buildValidator: Build = (externalSchemas, options) => {
    validator ??= (adaptersFastifyRequire()('@fastify/ajv-compiler') as () => Build)();
    return validator(externalSchemas, options);
  };
  const buildSerializer: Build = (externalSchemas, options) => {
    serializer ??= (adaptersFastifyRequire()('@fastify/fast-json-stringify-compiler') as () => Build)();
    return serializer(externalSchemas, options);
  };
  return { buildValidator, buildSerializer } as CompilersFactory;
}

function adaptersFastifyRequire(): NodeJS.Require {
  return createRequire(createRequire(require.resolve('@nestjs/platform-fastify')).resolve('fastify'));
}
