import type { Schema } from '../openapi/json-api-schemas';
import { nullableString, resourceSchema, stringList, timeZone, toMany, toOne } from '../openapi/json-api-schemas';

export const shippingLineSchema: Schema = resourceSchema(
  'shipping_line',
  {
    scac: { type: 'string' },
    name: { type: 'string' },
    short_name: { type: 'string' },
    alternative_scacs: stringList('Other SCACs accepted in tracking requests for this line.'),
    bill_of_lading_tracking_support: { type: 'boolean' },
    booking_number_tracking_support: { type: 'boolean' },
    container_number_tracking_support: { type: 'boolean' },
    access: {
      type: 'string',
      enum: ['public', 'account'],
      description: '`account`: enabled on request, only for accounts it was enabled for.',
    },
    tracked_by_this_server: {
      type: 'boolean',
      description:
        'Quayside extension: whether a carrier source of this server tracks the line. A tracking request (or `infer_number`) for a line that is not tracked here is refused with 422 (docs/carriers.md, "What this server tracks").',
    },
    tracking_url: nullableString('Where the line tracks shipments on its own site; null while not recorded.'),
    contact_url: nullableString('Where to contact the line; null while not recorded.'),
    provided_data: { type: 'object', nullable: true, description: 'Which kinds of data the line provides; null while not recorded.' },
  },
  {},
  [
    'scac',
    'name',
    'short_name',
    'alternative_scacs',
    'bill_of_lading_tracking_support',
    'booking_number_tracking_support',
    'container_number_tracking_support',
  ],
);

export const portSchema: Schema = resourceSchema(
  'port',
  {
    id: { type: 'string', format: 'uuid', description: 'The resource id, repeated.' },
    name: { type: 'string' },
    code: { type: 'string', description: 'UN/LOCODE' },
    state_abbr: nullableString(),
    city: nullableString(),
    country_code: { type: 'string', description: 'ISO 3166-1 alpha-2' },
    time_zone: timeZone(),
    latitude: { type: 'number', nullable: true },
    longitude: { type: 'number', nullable: true },
  },
  { terminals: toMany('terminal') },
);

/** A terminal attribute: a string, as the established API types it; empty when the reference data does not know it. */
const known = (description?: string): Schema => ({
  type: 'string',
  description: `${description ? `${description}. ` : ''}Empty when not known.`,
});

export const terminalSchema: Schema = resourceSchema(
  'terminal',
  {
    id: { type: 'string', format: 'uuid', description: 'The resource id, repeated.' },
    name: { type: 'string' },
    nickname: known(),
    firms_code: known('CBP FIRMS code or CBSA sublocation code'),
    smdg_code: known(),
    bic_facility_code: known(),
    street: known(),
    city: known(),
    state: known(),
    state_abbr: known(),
    zip: known(),
    country: known(),
    facility_type: { type: 'string', enum: ['ocean_terminal'], description: 'Every terminal listed here is an ocean terminal.' },
    provided_data: { type: 'object', nullable: true, description: 'Which kinds of data the terminal provides; null while not recorded.' },
  },
  { port: toOne('port') },
  ['name'],
);
