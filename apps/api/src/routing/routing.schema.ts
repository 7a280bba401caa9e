import type { Schema } from '../openapi/json-api-schemas';
import { instant, nullableString, resourceSchema, toMany, toOne } from '../openapi/json-api-schemas';

const side = (direction: 'inbound' | 'outbound', times: [string, string]): Record<string, Schema> => ({
  [`${direction}_mode`]: { type: 'string', enum: ['vessel', 'rail'], nullable: true },
  [`${direction}_scac`]: nullableString(),
  [`${direction}_vessel_name`]: nullableString(),
  [`${direction}_voyage_number`]: nullableString(),
  [`${direction}_${times[0]}`]: instant(),
  [`${direction}_${times[1]}`]: instant(),
});

export const ROUTE_LOCATION_SCHEMA: Schema = resourceSchema(
  'route_location',
  {
    label: { type: 'string', example: 'POD', description: 'POL, TS1, TS2, ..., POD, DEST' },
    ...side('inbound', ['eta_at', 'ata_at']),
    ...side('outbound', ['etd_at', 'atd_at']),
  },
  { location: toOne('port'), inbound_vessel: toOne('vessel'), outbound_vessel: toOne('vessel') },
  [],
  { selfLink: false },
);

export const ROUTE_SCHEMA: Schema = {
  type: 'object',
  properties: {
    data: resourceSchema('route', {}, { cargo: toOne('container', false), route_locations: toMany('route_location') }),
    included: { type: 'array', items: { anyOf: [ROUTE_LOCATION_SCHEMA, { type: 'object', description: 'port or vessel' }] } },
  },
};

const POINT: Schema = {
  type: 'object',
  properties: {
    type: { type: 'string', enum: ['Point'] },
    coordinates: { type: 'array', items: { type: 'number' }, example: [121.49, 31.23] },
  },
};
const LINE: Schema = {
  type: 'object',
  properties: {
    type: { type: 'string', enum: ['LineString'] },
    coordinates: { type: 'array', items: { type: 'array', items: { type: 'number' } } },
  },
};

export const MAP_SCHEMA: Schema = {
  type: 'object',
  required: ['type', 'features'],
  properties: {
    type: { type: 'string', enum: ['FeatureCollection'] },
    features: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          type: { type: 'string', enum: ['Feature'] },
          geometry: { oneOf: [POINT, LINE] },
          properties: {
            type: 'object',
            description:
              "`feature_type`: port, past_vessel_locations, current_vessel, estimated_partial_leg, estimated_full_legs (docs/vessels-and-maps.md lists each one's properties).",
            properties: {
              feature_type: {
                type: 'string',
                enum: ['port', 'past_vessel_locations', 'current_vessel', 'estimated_partial_leg', 'estimated_full_legs'],
              },
            },
          },
        },
      },
    },
  },
};

const POSITION: Schema = {
  type: 'object',
  properties: {
    latitude: { type: 'number' },
    longitude: { type: 'number' },
    heading: { type: 'number', nullable: true },
    timestamp: { type: 'string', format: 'date-time' },
    estimated: { type: 'boolean' },
  },
};

export const VESSEL_SCHEMA: Schema = resourceSchema('vessel', {
  name: { type: 'string', example: 'QUAYSIDE PIONEER' },
  imo: nullableString('IMO number'),
  mmsi: nullableString('MMSI'),
  latitude: { type: 'number', nullable: true },
  longitude: { type: 'number', nullable: true },
  nautical_speed_knots: { type: 'number', nullable: true },
  navigational_heading_degrees: { type: 'number', nullable: true },
  position_timestamp: instant(),
  positions: { type: 'array', nullable: true, items: POSITION },
});
