import type { OpenAPIObject } from '@nestjs/swagger';
import { JSON_API_MEDIA_TYPE } from '@quayside/json-api';

/**
 * Two things of the generated document said once for all operations, so that a strict validator
 * reads it exactly as the api behaves (docs/json-api.md, "The OpenAPI description"):
 *
 * - a nullable `enum` lists `null`: OpenAPI 3.0.3 lets `nullable` widen the `type` only, and the
 *   `enum` still decides, so `{type: string, enum: [a, b], nullable: true}` refuses null
 *   (@nestjs/swagger writes `@ApiProperty({enum, nullable: true})` that way);
 * - every JSON answer is `application/vnd.api+json`, the type the api sends on /v2
 *   (common/json-api-content-type.guard.ts); @nestjs/swagger names each `application/json`.
 *
 * Changes `document` in place and answers it.
 */
export function describeAsServed(document: OpenAPIObject): OpenAPIObject {
  listNullInNullableEnums(document);
  for (const item of Object.values(document.paths)) {
    for (const operation of Object.values(item as Record<string, { responses?: Record<string, { content?: Record<string, unknown> }> }>)) {
      for (const response of Object.values(operation?.responses ?? {})) {
        const content = response.content;
        if (!content?.['application/json'] || content[JSON_API_MEDIA_TYPE]) continue;
        response.content = Object.fromEntries(
          Object.entries(content).map(([mediaType, media]) => [mediaType === 'application/json' ? JSON_API_MEDIA_TYPE : mediaType, media]),
        );
      }
    }
  }
  return document;
}

function listNullInNullableEnums(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(listNullInNullableEnums);
  if (typeof node !== 'object' || node === null) return;
  const schema = node as Record<string, unknown>;
  const values = schema['enum'];
  if (schema['nullable'] === true && Array.isArray(values) && !values.includes(null)) schema['enum'] = [...(values as unknown[]), null];
  Object.values(schema).forEach(listNullInNullableEnums);
}
