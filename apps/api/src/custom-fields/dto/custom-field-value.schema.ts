import type { SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';

/**
 * Any value a custom field holds, for the DTOs and the resources alike. The DTO fields are
 * typed `unknown` (the definition judges the value), which Swagger would describe as an object.
 */
export const CUSTOM_FIELD_VALUE_SCHEMA = {
  description:
    "A value of the definition's type: text, number, boolean, date (YYYY-MM-DD), date-time, an option value, or a list of option values.",
  nullable: true,
  oneOf: [
    { type: 'string' },
    { type: 'number' },
    { type: 'boolean' },
    { type: 'array', items: { type: 'string' } },
  ] satisfies SchemaObject[],
};
