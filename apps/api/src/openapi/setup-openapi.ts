import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import type { OpenAPIObject } from '@nestjs/swagger';
import { describeAsServed } from './served-document';

export const OPENAPI_VERSION = '0.2.0';
export const DOCS_PATH = 'docs';
export const OPENAPI_JSON_PATH = 'docs/openapi.json';
export const OPENAPI_YAML_PATH = 'docs/openapi.yaml';

/** The OpenAPI document, generated from the controllers and DTOs of the running app. */
export function buildOpenApiDocument(app: NestFastifyApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Quayside API')
    .setVersion(OPENAPI_VERSION)
    .setDescription(
      [
        'Ocean container tracking: register a tracking request once, then poll shipments and containers or receive signed webhooks.',
        '',
        'Every request carries `Authorization: Token <API_KEY>`. Responses follow JSON:API (`application/vnd.api+json`);',
        'request bodies may be sent as `application/vnd.api+json` or `application/json`. Errors are `{errors: [...]}`.',
        'Lists take `page[number]` (from 1) and `page[size]` (default 30, at most 100) and answer `links` and `meta` (`size`, `total`);',
        'on the large lists the links also carry an opaque cursor (`page[after]`, `page[before]`): follow them, and every page costs the same at any depth.',
        '`include` side-loads related resources (comma list, dotted paths); an unknown path answers 400 naming it.',
        'Rate limits are per account over a rolling 60-second window; a 429 carries `Retry-After` in seconds.',
      ].join('\n'),
    )
    .addApiKey({ type: 'apiKey', in: 'header', name: 'Authorization', description: 'Use `Token <API_KEY>` (not Bearer).' }, 'authorization')
    .addSecurityRequirements('authorization')
    .build();
  const document = describeAsServed(SwaggerModule.createDocument(app, config));
  // The established API description labels the interface Beta (docs/json-api.md).
  Object.assign(document.info, { 'x-label': 'Beta' });
  return document;
}

/**
 * Serves the document as JSON and a Swagger UI page that renders it. Both sit outside /v2
 * and outside authentication; the UI's assets come from the local swagger-ui-dist package,
 * so the page works without internet access. Call before `app.init()`.
 */
export function setupOpenApi(app: NestFastifyApplication): void {
  // Built from the factory on first use (Nest's own option), not at boot.
  SwaggerModule.setup(DOCS_PATH, app, () => buildOpenApiDocument(app), {
    jsonDocumentUrl: OPENAPI_JSON_PATH,
    yamlDocumentUrl: OPENAPI_YAML_PATH,
    customSiteTitle: 'Quayside API',
  });
}
