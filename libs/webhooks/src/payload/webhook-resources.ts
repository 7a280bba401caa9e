import { CUSTOM_FIELD_ENTITY_RESOURCE_TYPES } from '@quayside/domain';
import type { CustomFieldValueRecord, DocumentRecord, DocumentRepresentationRecord, EstimatedEventAttributes } from '@quayside/domain';
import {
  ResourceRegistry,
  containerAttributes,
  documentAttributes,
  documentRepresentationAttributes,
  isoInstant,
  portAttributes,
  relationshipByIds,
  shipmentAttributes,
  terminalAttributes,
  trackingRequestAttributes,
  transportEventAttributes,
} from '@quayside/json-api';
import type { AttributesOf, ContainerVisibility } from '@quayside/json-api';
import type {
  ContainerChangeRecord,
  ContainerRecord,
  EstimatedEventRecord,
  PortRecord,
  ShipmentRecord,
  TerminalRecord,
  TrackingRequestRecord,
  TransportEventRecord,
} from './payload-records';

function estimatedEventAttributes(e: EstimatedEventRecord): AttributesOf<EstimatedEventAttributes> {
  return {
    event: e.event,
    estimated_timestamp: isoInstant(e.estimated_timestamp),
    location_locode: e.location_locode,
    timezone: e.timezone,
    voyage_number: e.voyage_number,
    created_at: isoInstant(e.created_at),
    data_source: e.data_source,
  };
}

function containerChange(type: 'container_updated_event' | 'container_pod_terminal_changed_event') {
  return {
    type,
    id: (e: ContainerChangeRecord) => e.id,
    attributes: (e: ContainerChangeRecord) => ({
      changeset: e.changeset,
      timestamp: isoInstant(e.timestamp),
      timezone: e.timezone,
      data_source: e.data_source,
    }),
    relationships: {
      container: relationshipByIds<ContainerChangeRecord, null>('container', (e) => e.container_id),
      ...(type === 'container_pod_terminal_changed_event'
        ? { shipment: relationshipByIds<ContainerChangeRecord, null>('shipment', (e) => e.shipment_id ?? null) }
        : {}),
      terminal: relationshipByIds<ContainerChangeRecord, null>('terminal', (e) => e.terminal_id),
    },
  };
}

/** A custom field value as the api's `custom_field` resource shows it (docs/custom-fields.md). */
function customFieldResource() {
  return {
    type: 'custom_field',
    id: (field: CustomFieldValueRecord) => field.id,
    attributes: (field: CustomFieldValueRecord) => ({
      api_slug: field.api_slug,
      value: field.value,
      display_value: field.display_value,
      created_at: isoInstant(field.created_at),
      updated_at: isoInstant(field.updated_at),
    }),
    relationships: {
      entity: {
        type: 'shipment',
        linkage: (field: CustomFieldValueRecord) => ({ id: field.entity_id, type: CUSTOM_FIELD_ENTITY_RESOURCE_TYPES[field.entity_type] }),
      },
      definition: relationshipByIds<CustomFieldValueRecord, null>('custom_field_definition', (field) => field.definition_id),
    },
    selfLink: (field: CustomFieldValueRecord) => `/v2/custom_fields/${field.id}`,
  };
}

/**
 * How each record of a notification payload is serialized for an account that may see what
 * `visibility` allows: the attributes the api serves for the same resource (the same mappers,
 * the same visibility rule), with the established API's relationships. No loaders: the dispatcher
 * loads the records, this only shapes them. `customFields` are the values of the payload's
 * tracking requests, shipments and containers: each of those gets the api's to-many
 * `custom_fields` relationship, and the values are included (docs/custom-fields.md). A
 * container's `journey` is judged as of `asOf`, the notification's creation.
 */
export function webhookPayloadResources(
  visibility: ContainerVisibility,
  customFields: readonly CustomFieldValueRecord[],
  asOf: Date,
): ResourceRegistry<null> {
  const valueIds = new Map<string, string[]>();
  for (const field of customFields) valueIds.set(field.entity_id, [...(valueIds.get(field.entity_id) ?? []), field.id]);
  const customFieldsOf = <T extends { id: string }>() =>
    relationshipByIds<T, null>('custom_field', (record) => valueIds.get(record.id) ?? []);
  return new ResourceRegistry<null>()
    .register<TrackingRequestRecord>({
      type: 'tracking_request',
      id: (r) => r.id,
      attributes: trackingRequestAttributes,
      relationships: {
        tracked_object: relationshipByIds('shipment', (r) => r.tracked_object_id),
        customer: relationshipByIds('party', (r) => r.customer_id ?? null),
        user: relationshipByIds('user', () => null),
        custom_fields: customFieldsOf<TrackingRequestRecord>(),
      },
      selfLink: (r) => `/v2/tracking_requests/${r.id}`,
    })
    .register<ShipmentRecord>({
      type: 'shipment',
      id: (s) => s.id,
      attributes: shipmentAttributes,
      relationships: {
        port_of_lading: relationshipByIds('port', (s) => s.port_of_lading_id),
        port_of_discharge: relationshipByIds('port', (s) => s.port_of_discharge_id),
        pod_terminal: relationshipByIds('terminal', (s) => s.pod_terminal_id),
        destination: relationshipByIds('port', (s) => s.destination_id),
        destination_terminal: relationshipByIds('terminal', (s) => s.destination_terminal_id),
        containers: relationshipByIds('container', (s) => s.container_ids),
        line_tracking_stopped_by_user: relationshipByIds('user', () => null),
        custom_fields: customFieldsOf<ShipmentRecord>(),
      },
      selfLink: (s) => `/v2/shipments/${s.id}`,
    })
    .register<ContainerRecord>({
      type: 'container',
      id: (c) => c.id,
      attributes: (c) => containerAttributes(c, visibility, asOf),
      relationships: {
        shipment: relationshipByIds('shipment', (c) => c.shipment_id),
        pod_terminal: relationshipByIds('terminal', (c) => c.pod_terminal_id),
        custom_fields: customFieldsOf<ContainerRecord>(),
      },
      selfLink: (c) => `/v2/containers/${c.id}`,
    })
    .register<TransportEventRecord>({
      type: 'transport_event',
      id: (e) => e.id,
      attributes: transportEventAttributes,
      relationships: {
        shipment: relationshipByIds('shipment', (e) => e.shipment_id),
        container: relationshipByIds('container', (e) => e.container_id),
        vessel: relationshipByIds('vessel', () => null),
        location: relationshipByIds('port', (e) => e.location_id),
        terminal: relationshipByIds('terminal', (e) => e.terminal_id),
        previous_version: relationshipByIds('transport_event', (e) => e.previous_version_id),
      },
    })
    .register<EstimatedEventRecord>({
      type: 'estimated_event',
      id: (e) => e.id,
      attributes: estimatedEventAttributes,
      relationships: {
        shipment: relationshipByIds('shipment', (e) => e.shipment_id),
        port: relationshipByIds('port', (e) => e.port_id ?? null),
        vessel: relationshipByIds('vessel', () => null),
      },
    })
    .register<ContainerChangeRecord>(containerChange('container_updated_event'))
    .register<ContainerChangeRecord>(containerChange('container_pod_terminal_changed_event'))
    .register<CustomFieldValueRecord>(customFieldResource())
    .register<PortRecord>({ type: 'port', id: (p) => p.id, attributes: portAttributes })
    .register<TerminalRecord>({
      type: 'terminal',
      id: (t) => t.id,
      attributes: terminalAttributes,
      relationships: { port: relationshipByIds('port', (t) => t.port_id) },
    })
    .register<DocumentRecord>({
      type: 'document',
      id: (d) => d.id,
      attributes: documentAttributes,
      relationships: {
        email_submission: relationshipByIds('email_submission', (d) => d.email_submission_id),
        last_document_representation: relationshipByIds('document_representation', (d) => d.last_document_representation_id),
        shipments: relationshipByIds('shipment', (d) => d.shipment_ids),
        cargos: relationshipByIds('container', (d) => d.container_ids),
      },
      selfLink: (d) => `/v2/documents/${d.id}`,
    })
    .register<DocumentRepresentationRecord>({
      type: 'document_representation',
      id: (r) => r.id,
      attributes: documentRepresentationAttributes,
    });
}
