import type { Schema } from '../openapi/json-api-schemas';
import { nullableString, resourceSchema } from '../openapi/json-api-schemas';

export const METRO_AREA_SCHEMA: Schema = resourceSchema(
  'metro_area',
  {
    name: { type: 'string', example: 'Chicago' },
    code: { type: 'string', description: 'UN/LOCODE', example: 'USCHI' },
    state_abbr: nullableString(undefined),
    country_code: { type: 'string', description: 'ISO 3166-1 alpha-2', example: 'US' },
    time_zone: { type: 'string', description: 'IANA time zone', example: 'America/Chicago' },
    latitude: { type: 'number', nullable: true, example: 41.8781 },
    longitude: { type: 'number', nullable: true, example: -87.6298 },
  },
  {},
  ['name', 'code', 'country_code', 'time_zone'],
);
