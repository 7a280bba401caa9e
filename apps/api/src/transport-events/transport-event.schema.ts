import type { SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { DATA_SOURCES } from '@quayside/domain';
import { NULLABLE_DATE_TIME, NULLABLE_STRING, resourceSchema, toOne } from '../openapi/json-api-schemas';

export const TRANSPORT_EVENT_SCHEMA: SchemaObject = resourceSchema(
  'transport_event',
  {
    event: { type: 'string', example: 'container.transport.vessel_discharged' },
    created_at: { type: 'string', format: 'date-time', description: 'When the service stored the event.' },
    voyage_number: NULLABLE_STRING,
    timestamp: { ...NULLABLE_DATE_TIME, description: 'When it happened, in UTC.' },
    timezone: { ...NULLABLE_STRING, description: 'IANA zone of where it happened.' },
    location_locode: { ...NULLABLE_STRING, description: 'UN/LOCODE of the event location.' },
    data_source: { type: 'string', enum: [...DATA_SOURCES] },
    vessel_name: {
      ...NULLABLE_STRING,
      description: 'Beyond the established API (there is no vessel resource): the vessel, when the event has one.',
    },
    vessel_imo: { ...NULLABLE_STRING, description: 'Beyond the established API: IMO number of that vessel.' },
    invalidated_at: {
      ...NULLABLE_DATE_TIME,
      description: 'Set when the source corrected or withdrew this version; the correction names it as its `previous_version`.',
    },
    value: {
      ...NULLABLE_DATE_TIME,
      description:
        'The new value a value-change event announces: the last free day of `container.pickup_lfd*.changed`, the appointment of `container.pickup_appointment.changed` (UTC). Null when the value was removed, and for milestones and availability changes.',
    },
  },
  {
    shipment: toOne('shipment'),
    container: toOne('container', false),
    location: toOne('port'),
    terminal: {
      ...toOne(['terminal', 'rail_terminal']),
      description:
        'Where it happened: a terminal of the reference data, or the inland rail facility a rail carrier reported (for rail events there).',
    },
    previous_version: toOne('transport_event'),
    source_event: { ...toOne('raw_event'), description: 'The raw event it came from (the newest when several did); includable.' },
    vessel: { ...toOne('vessel'), description: 'The vessel, when its IMO is known (GET /v2/vessels/{id}).' },
  },
);
