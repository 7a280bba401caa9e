import { SAMPLE_IDS, exampleList, exampleOne, sampleResource } from '../openapi/example-documents';

/** OpenAPI examples of the reference data endpoints: MSC, and the sample shipment's port of discharge and terminal. */

const MSC_ID = 'f0a9c1e2-6b3d-4e5f-8a7b-9c0d1e2f3a4b';
const MSC = {
  id: MSC_ID,
  type: 'shipping_line',
  attributes: {
    scac: 'MSCU',
    name: 'Mediterranean Shipping Company',
    short_name: 'MSC',
    alternative_scacs: ['MEDU'],
    bill_of_lading_tracking_support: true,
    booking_number_tracking_support: true,
    container_number_tracking_support: true,
    access: 'public',
    tracked_by_this_server: true,
    // Not recorded yet: the api answers null (docs/json-api.md, "Compatibility").
    tracking_url: null,
    contact_url: null,
    provided_data: null,
  },
  links: { self: `/v2/shipping_lines/${MSC_ID}` },
};

export const SHIPPING_LINE_LIST_EXAMPLE = exampleList('/v2/shipping_lines', [MSC]);
export const SHIPPING_LINE_EXAMPLE = exampleOne(MSC);

const PORT = {
  id: SAMPLE_IDS.portOfDischarge,
  type: 'port',
  attributes: {
    id: SAMPLE_IDS.portOfDischarge,
    name: 'Port of Oakland',
    code: 'USOAK',
    state_abbr: 'CA',
    city: 'Oakland',
    country_code: 'US',
    time_zone: 'America/Los_Angeles',
    latitude: 37.7955,
    longitude: -122.2796,
  },
};
const terminal = sampleResource('terminal');
const TERMINAL = {
  ...terminal,
  attributes: { id: SAMPLE_IDS.terminal, ...terminal.attributes, facility_type: 'ocean_terminal', provided_data: null },
};

export const PORT_EXAMPLE = exampleOne(
  {
    ...PORT,
    relationships: { terminals: { data: [{ id: SAMPLE_IDS.terminal, type: 'terminal' }] } },
    links: { self: `/v2/ports/${SAMPLE_IDS.portOfDischarge}` },
  },
  [{ ...TERMINAL, links: { self: `/v2/terminals/${SAMPLE_IDS.terminal}` } }],
);
export const TERMINAL_EXAMPLE = exampleOne({ ...TERMINAL, links: { self: `/v2/terminals/${SAMPLE_IDS.terminal}` } }, [
  { ...PORT, links: { self: `/v2/ports/${SAMPLE_IDS.portOfDischarge}` } },
]);
