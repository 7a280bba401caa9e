import { SAMPLE_IDS, exampleOne, sampleResource } from '../openapi/example-documents';

/** OpenAPI examples of routing and vessels: the sample container's voyage on MSC CHANNE, Manzanillo → Oakland. */

const POL_LOCATION_ID = '4a6c8e0f-2b4d-4f6a-8c0e-5d7f9b1d3f5a';
const POD_LOCATION_ID = '6c8e0a2b-4d6f-4b8d-9f1a-7e9b1d3f5b7c';
const VESSEL_ID = '0f2d4b6a-8c1e-4e3a-b5c7-9d1f3b5d7f9b';
const VESSEL_REF = { data: { id: VESSEL_ID, type: 'vessel' } };

const side = (
  direction: string,
  voyage: boolean,
  first: [string, string | null],
  second: [string, string | null],
): Record<string, unknown> => ({
  [`${direction}_mode`]: voyage ? 'vessel' : null,
  [`${direction}_scac`]: voyage ? 'MSCU' : null,
  [`${direction}_vessel_name`]: voyage ? 'MSC CHANNE' : null,
  [`${direction}_voyage_number`]: voyage ? '098N' : null,
  [`${direction}_${first[0]}`]: first[1],
  [`${direction}_${second[0]}`]: second[1],
});

const location = (id: string, label: string, port: string, inbound: boolean): object => ({
  id,
  type: 'route_location',
  attributes: {
    label,
    ...side('inbound', inbound, ['eta_at', inbound ? '2026-08-15T14:00:00.000Z' : null], ['ata_at', null]),
    ...side(
      'outbound',
      !inbound,
      ['etd_at', inbound ? null : '2026-07-28T18:00:00.000Z'],
      ['atd_at', inbound ? null : '2026-07-29T21:25:33.000Z'],
    ),
  },
  relationships: {
    location: { data: { id: port, type: 'port' } },
    inbound_vessel: inbound ? VESSEL_REF : { data: null },
    outbound_vessel: inbound ? { data: null } : VESSEL_REF,
  },
});

const VESSEL_ATTRIBUTES = {
  name: 'MSC CHANNE',
  imo: '9710438',
  mmsi: '636017432',
  latitude: 34.1083,
  longitude: -120.4412,
  nautical_speed_knots: 16.4,
  navigational_heading_degrees: 312,
  position_timestamp: '2026-08-14T09:20:00.000Z',
  positions: null,
};
const VESSEL = { id: VESSEL_ID, type: 'vessel', attributes: VESSEL_ATTRIBUTES, links: { self: `/v2/vessels/${VESSEL_ID}` } };

/** Manzanillo, then Oakland (the only port of the estimated arrival sample). */
const ports = [sampleResource('port'), sampleResource('port', 'shipment.estimated.arrival')];

export const ROUTE_EXAMPLE = exampleOne(
  {
    // A route is named by its container.
    id: SAMPLE_IDS.container,
    type: 'route',
    attributes: {},
    relationships: {
      cargo: { data: { id: SAMPLE_IDS.container, type: 'container' } },
      route_locations: {
        data: [
          { id: POL_LOCATION_ID, type: 'route_location' },
          { id: POD_LOCATION_ID, type: 'route_location' },
        ],
      },
    },
    links: { self: `/v2/containers/${SAMPLE_IDS.container}/route` },
  },
  [
    location(POL_LOCATION_ID, 'POL', SAMPLE_IDS.portOfLading, false),
    location(POD_LOCATION_ID, 'POD', SAMPLE_IDS.portOfDischarge, true),
    ...ports.map((port) => ({ ...port, links: { self: `/v2/ports/${port.id}` } })),
    {
      id: VESSEL_ID,
      type: 'vessel',
      attributes: { name: VESSEL_ATTRIBUTES.name, imo: VESSEL_ATTRIBUTES.imo, mmsi: VESSEL_ATTRIBUTES.mmsi },
      links: VESSEL.links,
    },
  ],
);

export const VESSEL_WITH_POSITIONS_EXAMPLE = exampleOne({
  ...VESSEL,
  attributes: {
    ...VESSEL_ATTRIBUTES,
    positions: [
      { latitude: 33.2901, longitude: -119.1038, heading: 309, timestamp: '2026-08-14T03:20:00.000Z', estimated: false },
      { latitude: 34.1083, longitude: -120.4412, heading: 312, timestamp: '2026-08-14T09:20:00.000Z', estimated: false },
    ],
  },
});

export const VESSEL_FUTURE_POSITIONS_EXAMPLE = exampleOne({
  ...VESSEL,
  attributes: {
    ...VESSEL_ATTRIBUTES,
    positions: [
      { latitude: 35.6312, longitude: -121.9087, heading: 318, timestamp: '2026-08-14T15:00:00.000Z', estimated: true },
      { latitude: 37.8044, longitude: -122.3158, heading: 75, timestamp: '2026-08-15T14:00:00.000Z', estimated: true },
    ],
  },
});

/** The sample terminal at Oakland, as the sample notifications include it. */
const POD_TERMINAL = sampleResource('terminal');
const MANZANILLO: [number, number] = [-104.3188, 19.0522];
const OAKLAND: [number, number] = [-122.3172, 37.7956];
const VESSEL_NOW: [number, number] = [VESSEL_ATTRIBUTES.longitude, VESSEL_ATTRIBUTES.latitude];

const portFeature = (sequence: number, id: string, name: string, label: string, extra: Record<string, unknown>): object => ({
  type: 'Feature',
  geometry: { type: 'Point', coordinates: sequence === 1 ? MANZANILLO : OAKLAND },
  properties: {
    feature_type: 'port',
    ports_sequence: sequence,
    ports_total: 2,
    location_id: id,
    location_type: 'Port',
    name,
    state_abbr: sequence === 1 ? 'COL' : 'CA',
    state: null,
    country_code: sequence === 1 ? 'MX' : 'US',
    country: sequence === 1 ? 'Mexico' : 'United States',
    time_zone: sequence === 1 ? 'America/Mexico_City' : 'America/Los_Angeles',
    label,
    inbound_eta_at: null,
    inbound_ata_at: null,
    outbound_etd_at: null,
    outbound_atd_at: null,
    terminal_name: null,
    terminal_firms_code: null,
    updated_at: null,
    ...extra,
  },
});

/** The sample voyage's map: both ports, the planned leg, the positions sailed, the vessel now and the way ahead (docs/vessels-and-maps.md). */
export const MAP_EXAMPLE = {
  type: 'FeatureCollection',
  features: [
    portFeature(1, SAMPLE_IDS.portOfLading, 'Manzanillo', 'POL', {
      outbound_etd_at: '2026-07-28T18:00:00.000Z',
      outbound_atd_at: '2026-07-29T21:25:33.000Z',
    }),
    portFeature(2, SAMPLE_IDS.portOfDischarge, 'Oakland', 'POD', {
      inbound_eta_at: '2026-08-15T14:00:00.000Z',
      terminal_name: POD_TERMINAL.attributes['name'],
      terminal_firms_code: POD_TERMINAL.attributes['firms_code'],
    }),
    {
      type: 'Feature',
      geometry: { type: 'LineString', coordinates: [MANZANILLO, [-109.9, 22.6], [-117.4, 30.2], VESSEL_NOW, OAKLAND] },
      properties: {
        feature_type: 'estimated_full_legs',
        ports_sequence: 1,
        previous_port_id: SAMPLE_IDS.portOfLading,
        next_port_id: SAMPLE_IDS.portOfDischarge,
        mode: 'vessel',
        point_count: 5,
      },
    },
    {
      type: 'Feature',
      geometry: { type: 'LineString', coordinates: [MANZANILLO, [-109.9, 22.6], [-117.4, 30.2], VESSEL_NOW] },
      properties: {
        feature_type: 'past_vessel_locations',
        ports_sequence: 1,
        vessel_id: VESSEL_ID,
        start_time: '2026-07-29T21:40:00.000Z',
        end_time: VESSEL_ATTRIBUTES.position_timestamp,
        outbound_atd_at: '2026-07-29T21:25:33.000Z',
        inbound_ata_at: null,
        inbound_eta_at: '2026-08-15T14:00:00.000Z',
        point_count: 4,
      },
    },
    {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: VESSEL_NOW },
      properties: {
        feature_type: 'current_vessel',
        ports_sequence: 1,
        vessel_id: VESSEL_ID,
        vessel_name: VESSEL_ATTRIBUTES.name,
        vessel_imo: VESSEL_ATTRIBUTES.imo,
        voyage_number: '098N',
        vessel_location_timestamp: VESSEL_ATTRIBUTES.position_timestamp,
        vessel_location_heading: VESSEL_ATTRIBUTES.navigational_heading_degrees,
        vessel_location_speed: VESSEL_ATTRIBUTES.nautical_speed_knots,
        departure_port_id: SAMPLE_IDS.portOfLading,
        departure_port_name: 'Manzanillo',
        departure_port_country_code: 'MX',
        departure_port_label: 'POL',
        departure_port_atd: '2026-07-29T21:25:33.000Z',
        departure_port_time_zone: 'America/Mexico_City',
        arrival_port_id: SAMPLE_IDS.portOfDischarge,
        arrival_port_name: 'Oakland',
        arrival_port_country_code: 'US',
        arrival_port_label: 'POD',
        arrival_port_eta: '2026-08-15T14:00:00.000Z',
        arrival_port_time_zone: 'America/Los_Angeles',
      },
    },
    {
      type: 'Feature',
      geometry: { type: 'LineString', coordinates: [VESSEL_NOW, OAKLAND] },
      properties: {
        feature_type: 'estimated_partial_leg',
        ports_sequence: 1,
        current_port_id: SAMPLE_IDS.portOfLading,
        next_port_id: SAMPLE_IDS.portOfDischarge,
        point_count: 2,
      },
    },
  ],
};
