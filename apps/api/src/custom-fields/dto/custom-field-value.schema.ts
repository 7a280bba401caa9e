import type { SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';

/**
 * Any value a custom field holds, for the DTOs and the resources alike. The DTO fields are
 * typed `unknown` (the definition judges the value), which Swagger would describe as an object.
 * Null is allowed on the text alternative: OpenAPI 3.0 has no null type, and `nullable` widens
 * only a `type` beside it (3.0.3), so an untyped `nullable` beside `oneOf` would be refused by a
 * strict validator (docs/json-api.md, "The OpenAPI description").
 */
export const CUSTOM_FIELD_VALUE_SCHEMA = {
  description:
    "A value of the definition's type: text, number, boolean, date (YYYY-MM-DD), date-time, an option value, or a list of option values; null when unset.",
  oneOf: [
    { type: 'string', nullable: true },
    { type: 'number' },
    { type: 'boolean' },
    { type: 'array', items: { type: 'string' } },
  ] satisfies SchemaObject[],
};
