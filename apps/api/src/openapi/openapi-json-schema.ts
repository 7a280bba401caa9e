/**
 * OpenAPI 3.0 schemas as JSON Schema, so a validator (ajv) can check examples against them:
 * `nullable: true` becomes a `null` alternative (also in `enum`), and `#/components/...`
 * references point into the document registered under `componentsId`.
 */
export function toJsonSchema(schema: unknown, componentsId: string): unknown {
  if (Array.isArray(schema)) return schema.map((item) => toJsonSchema(item, componentsId));
  if (typeof schema !== 'object' || schema === null) return schema;
  const source = schema as Record<string, unknown>;
  const converted: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(source)) {
    if (key === 'nullable' || key === 'example' || key === 'examples') continue;
    if (key === '$ref' && typeof value === 'string' && value.startsWith('#/')) converted[key] = `${componentsId}${value}`;
    // Property names are data, not schemas: convert the schemas under them, keep the names.
    else if ((key === 'properties' || key === 'schemas') && typeof value === 'object' && value !== null)
      converted[key] = Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, toJsonSchema(inner, componentsId)]));
    else converted[key] = toJsonSchema(value, componentsId);
  }
  if (source['nullable'] !== true) return converted;
  if (Array.isArray(converted['enum'])) converted['enum'] = [...(converted['enum'] as unknown[]), null];
  if (typeof converted['type'] === 'string') return { ...converted, type: [converted['type'], 'null'] };
  // A nullable `$ref`/`allOf` without a type of its own: either null or the schema.
  return { anyOf: [{ type: 'null' }, converted] };
}
