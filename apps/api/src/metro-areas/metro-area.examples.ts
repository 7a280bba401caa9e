import { exampleOne } from '../openapi/example-documents';

/** OpenAPI example of a metro area: Chicago, where containers go on by rail. */
const ID = 'd3b5f7a9-2c4e-4f6a-8b0d-1e3f5a7c9e2b';

export const METRO_AREA_EXAMPLE = exampleOne({
  id: ID,
  type: 'metro_area',
  attributes: {
    name: 'Chicago',
    code: 'USCHI',
    state_abbr: 'IL',
    country_code: 'US',
    time_zone: 'America/Chicago',
    latitude: 41.8781,
    longitude: -87.6298,
  },
  links: { self: `/v2/metro_areas/${ID}` },
});
