import { createRequire } from 'node:module';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';

type Fastify = ReturnType<NestFastifyApplication['getHttpAdapter']>['getInstance'] extends () => infer Instance ? Instance : never;
type RouteOptions = Parameters<Fastify['route']>[0];
type Handler = (this: Fastify, ...args: Parameters<RouteOptions['handler']>) => unknown;
type ErrorHandler = (this: Fastify, ...args: Parameters<NonNullable<RouteOptions['errorHandler']>>) => unknown;

/** The options of @fastify/static that Nest's `SwaggerModule` passes, the only ones used here. */
interface StaticOptions {
  root: string;
  prefix: string;
  decorateReply: false;
}

/** What this file uses of the route @fastify/static declares. */
interface DeclaredRoute {
  url?: string;
  path?: string;
  handler: Handler;
  errorHandler?: ErrorHandler;
}

/**
 * Swagger UI's files (the swagger-ui-dist package) under `prefix`, served by the very route
 * @fastify/static declares when Nest's `SwaggerModule.setup` registers it, but with the plugin
 * (with glob, send and mime: 27 modules) loaded on the first request for one of them rather
 * than at boot: most api processes never serve the page (docs/architecture.md, "Memory"). Fastify takes no plugin once it has started, so the route is declared here, with
 * the methods, URL and `hide` @fastify/static gives it, and the plugin is run once, against a
 * view of this Fastify instance that keeps the route it declares instead of adding it; that
 * route's handler and error handler then answer, so headers, conditional and range requests,
 * 404s and the path checks are the plugin's own. The plugin comes from where Nest's adapter
 * would require it, and gets the options Nest gives it.
 */
export function serveSwaggerUiAssetsOnDemand(app: NestFastifyApplication, prefix: string): void {
  const fastify = app.getHttpAdapter().getInstance();
  const url = `${prefix}/*`;
  let loading: Promise<DeclaredRoute> | undefined;
  let loaded: DeclaredRoute | undefined;
  fastify.route({
    method: ['HEAD', 'GET'],
    url,
    // As @fastify/static declares it: kept out of a generated description (Fastify's types lack `hide`).
    schema: { hide: true } as RouteOptions['schema'],
    async handler(request, reply) {
      loading ??= declaredRoute(fastify, url, { root: swaggerUiDistPath(), prefix, decorateReply: false });
      loaded = await loading;
      return loaded.handler.call(this, request, reply);
    },
    errorHandler(error, request, reply) {
      // Until the plugin is loaded (or when loading it failed) the instance's own handler answers.
      const handle = loaded?.errorHandler ?? fastify.errorHandler;
      return handle.call(this, error, request, reply);
    },
  });
}

/** The one route @fastify/static declares for these options, not added to the instance. */
async function declaredRoute(fastify: Fastify, url: string, options: StaticOptions): Promise<DeclaredRoute> {
  const fastifyStatic = createRequire(require.resolve('@nestjs/platform-fastify'))('@fastify/static') as (
    instance: Fastify,
    options: StaticOptions,
  ) => Promise<void>;
  const routes: DeclaredRoute[] = [];
  const view = Object.create(fastify, {
    route: {
      value: (route: DeclaredRoute) => {
        routes.push(route);
        return view;
      },
    },
  }) as Fastify;
  await fastifyStatic(view, options);
  const [route] = routes;
  const urls = routes.map((declared) => declared.url ?? declared.path);
  if (!route || urls.length > 1 || urls[0] !== url) {
    throw new Error(`@fastify/static declared ${urls.join(', ') || 'no route'} for ${options.prefix}, expected ${url} alone`);
  }
  return route;
}

/** Where `SwaggerModule` finds Swagger UI's files: swagger-ui-dist, as @nestjs/swagger resolves it. */
function swaggerUiDistPath(): string {
  const absolutePath = createRequire(require.resolve('@nestjs/swagger'))('swagger-ui-dist/absolute-path.js') as () => string;
  return absolutePath();
}
