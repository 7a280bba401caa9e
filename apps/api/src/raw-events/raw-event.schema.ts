import type { SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { DATA_SOURCES } from '@quayside/domain';
import { NULLABLE_DATE_TIME, NULLABLE_STRING, resourceSchema, toOne } from '../openapi/json-api-schemas';

const NULLABLE_DATE: SchemaObject = { type: 'string', format: 'date', nullable: true };

export const RAW_EVENT_SCHEMA: SchemaObject = resourceSchema(
  'raw_event',
  {
    event: { ...NULLABLE_STRING, description: 'The normalized event it maps to, short form (`vessel_loaded`).', example: 'vessel_loaded' },
    mapped_event: {
      ...NULLABLE_STRING,
      description: 'Beyond the established API: the full normalized name (`container.transport.vessel_loaded`).',
    },
    original_event: { type: 'string', description: 'The event as the source named it.', example: 'Vessel Loaded' },
    timestamp: { ...NULLABLE_DATE_TIME, description: 'When it happened or will happen, in UTC.' },
    timezone: { ...NULLABLE_STRING, description: 'IANA zone of where it happened.' },
    estimated: { type: 'boolean', description: 'True for a planned or estimated time.' },
    actual_at: { ...NULLABLE_DATE_TIME, deprecated: true, description: 'The timestamp of an actual event.' },
    actual_on: { ...NULLABLE_DATE, deprecated: true, description: 'Its day where it happened.' },
    estimated_at: { ...NULLABLE_DATE_TIME, deprecated: true, description: 'The timestamp of an estimated event.' },
    estimated_on: { ...NULLABLE_DATE, deprecated: true, description: 'Its day where it will happen.' },
    will_occur_at: { ...NULLABLE_DATE_TIME, description: 'The timestamp of an estimated event.' },
    index: { type: 'integer', description: 'Position in the answer the source listed it in.' },
    invalidated_at: {
      ...NULLABLE_DATE_TIME,
      description: 'Set when a later answer of the source no longer carried it (withdrawn or corrected).',
    },
    location_locode: NULLABLE_STRING,
    location_name: { ...NULLABLE_STRING, description: 'The place as the source named it.' },
    vessel_name: NULLABLE_STRING,
    vessel_imo: NULLABLE_STRING,
    voyage_number: NULLABLE_STRING,
    data_source: { type: 'string', enum: [...DATA_SOURCES] },
    data_provider_code: { ...NULLABLE_STRING, description: 'SCAC of the line or rail carrier that sent it.' },
    data_provider_name: NULLABLE_STRING,
    created_at: { type: 'string', format: 'date-time', description: 'When it was first received.' },
  },
  {
    container: toOne('container', false),
    location: toOne('port'),
    terminal: toOne('terminal'),
    vessel: toOne('vessel'),
    transport_event: { ...toOne('transport_event'), description: 'Beyond the established API: the transport event it became.' },
  },
  [],
  { selfLink: false },
);
