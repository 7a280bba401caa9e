import { TRACKING_STOPPED_REASONS } from '@quayside/domain';
import type { Schema } from '../openapi/json-api-schemas';
import { instant, nullableString, resourceSchema, stringList, timeZone, toMany, toOne } from '../openapi/json-api-schemas';

/** OpenAPI schema of the shipment resource (the established API's model). */
export const shipmentSchema: Schema = resourceSchema(
  'shipment',
  {
    bill_of_lading_number: { type: 'string' },
    normalized_number: { type: 'string', description: 'The number as the carrier is asked for it.' },
    ref_numbers: stringList(),
    tags: stringList(),
    created_at: instant(),
    updated_at: instant(),
    port_of_lading_locode: nullableString('UN/LOCODE'),
    port_of_lading_name: nullableString(),
    port_of_discharge_locode: nullableString('UN/LOCODE'),
    port_of_discharge_name: nullableString(),
    destination_locode: nullableString('UN/LOCODE'),
    destination_name: nullableString(),
    shipping_line_scac: { type: 'string' },
    shipping_line_name: nullableString(),
    shipping_line_short_name: nullableString(),
    customer_name: nullableString(),
    pod_vessel_name: nullableString(),
    pod_vessel_imo: nullableString(),
    pod_voyage_number: nullableString(),
    pol_etd_at: instant('Estimated departure from the port of lading (UTC); zone in pol_timezone.'),
    pol_original_etd_at: instant(
      'The first estimated departure from the port of lading the line reported (UTC); kept when later estimates change, null until one is reported.',
    ),
    pol_atd_at: instant('Actual departure from the port of lading (UTC).'),
    pod_eta_at: instant('Estimated arrival at the port of discharge (UTC); zone in pod_timezone.'),
    pod_original_eta_at: instant('The first estimated arrival the line reported (UTC).'),
    pod_ata_at: instant('Actual arrival at the port of discharge (UTC).'),
    destination_eta_at: instant('Estimated arrival at the destination (UTC); zone in destination_timezone.'),
    destination_original_eta_at: instant(
      'The first estimated arrival at the destination the line reported (UTC); kept when later estimates change, null until one is reported.',
    ),
    destination_ata_at: instant('Actual arrival at the destination (UTC).'),
    pol_timezone: timeZone(),
    pod_timezone: timeZone(),
    destination_timezone: timeZone(),
    line_tracking_last_attempted_at: instant('When the line was last asked.'),
    line_tracking_last_succeeded_at: instant('When the line last answered.'),
    line_tracking_stopped_at: instant('When tracking stopped; null while tracked.'),
    line_tracking_stopped_reason: { type: 'string', enum: [...TRACKING_STOPPED_REASONS], nullable: true },
    data_stale: {
      type: 'boolean',
      description:
        'Beyond the established API: true while the shipment is followed and the line\'s data is older than the refresh cadence allows (its source has not answered since; docs/carriers.md, "Source health").',
    },
  },
  {
    port_of_lading: toOne('port'),
    port_of_discharge: toOne('port'),
    destination: toOne('port'),
    pod_terminal: toOne('terminal'),
    destination_terminal: {
      ...toOne(['terminal', 'rail_terminal']),
      description:
        "The terminal at the destination, or the inland rail facility (rail_terminal) a rail carrier reported as its containers' destination.",
    },
    shipping_line: toOne('shipping_line'),
    containers: toMany('container'),
    line_tracking_stopped_by_user: {
      ...toOne('user'),
      description: 'Always null: Quayside has API keys, not users, so tracking is stopped by the system or by an API key, never by a user.',
    },
  },
  ['bill_of_lading_number'],
);

/** Included containers are described by `GET /v2/containers`. */
export const includedContainerSchema: Schema = {
  type: 'object',
  description: 'A container resource, as GET /v2/containers/{id} answers it.',
  properties: { id: { type: 'string', format: 'uuid' }, type: { type: 'string', enum: ['container'] }, attributes: { type: 'object' } },
};
