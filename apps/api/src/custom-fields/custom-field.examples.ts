import { SAMPLE_IDS, exampleList, exampleOne } from '../openapi/example-documents';

/**
 * OpenAPI examples of the custom field endpoints: a `customer_reference_number` text field on
 * shipments (valued ABC124 on the sample shipment) and a `priority` enum field's options.
 */

const DEFINITION_ID = '7e2b9c41-3d5a-4f8e-b6c0-9a1d2e3f4b5c';
const ENUM_DEFINITION_ID = 'c4a8e2f6-1b3d-4c5e-9f7a-0b2d4e6f8a1c';
const OPTION_ID = '5d7f9b1c-3e5a-4b7d-8f0e-2a4c6e8b0d13';
const FIELD_ID = '9b3d5f7a-1c2e-4a6b-8d0f-3e5a7c9b1d24';
const CREATED = '2026-08-02T09:14:27.000Z';

const DEFINITION_ATTRIBUTES = {
  entity_type: 'Shipment',
  api_slug: 'customer_reference_number',
  display_name: 'Customer reference number',
  description: "The consignee's own reference for the shipment.",
  data_type: 'short_text',
  reference_type: null,
  validation: { max_length: 40 },
  default_format: null,
  default_value: null,
  created_at: CREATED,
  updated_at: CREATED,
};
const DEFINITION = {
  id: DEFINITION_ID,
  type: 'custom_field_definition',
  attributes: DEFINITION_ATTRIBUTES,
  links: { self: `/v2/custom_field_definitions/${DEFINITION_ID}` },
};

export const DEFINITION_LIST_EXAMPLE = exampleList('/v2/custom_field_definitions', [DEFINITION]);
export const DEFINITION_EXAMPLE = exampleOne(DEFINITION);
export const UPDATED_DEFINITION_EXAMPLE = exampleOne({
  ...DEFINITION,
  attributes: { ...DEFINITION_ATTRIBUTES, display_name: 'Customer ref.', updated_at: '2026-08-14T11:10:00.000Z' },
});
export const DELETED_EXAMPLE = { meta: { deleted: true } };

const OPTION_ATTRIBUTES = { label: 'Priority', value: 'priority', position: 1, created_at: CREATED, updated_at: CREATED };
const OPTION = {
  id: OPTION_ID,
  type: 'custom_field_option',
  attributes: OPTION_ATTRIBUTES,
  links: { self: `/v2/custom_field_definitions/${ENUM_DEFINITION_ID}/options/${OPTION_ID}` },
};

export const OPTION_LIST_EXAMPLE = exampleList(`/v2/custom_field_definitions/${ENUM_DEFINITION_ID}/options`, [OPTION]);
export const OPTION_EXAMPLE = exampleOne(OPTION);
export const UPDATED_OPTION_EXAMPLE = exampleOne({
  ...OPTION,
  attributes: { ...OPTION_ATTRIBUTES, label: 'High priority', updated_at: '2026-08-14T11:12:00.000Z' },
});

const ENTITY_IDS: Readonly<Record<string, string>> = {
  shipment: SAMPLE_IDS.shipment,
  container: SAMPLE_IDS.container,
  tracking_request: SAMPLE_IDS.trackingRequest,
};

/** The field's value on the sample record of `entity` (`shipment`, `container`, `tracking request`). */
function customField(entity: string, value: string): object {
  const type = entity.replace(' ', '_');
  return {
    id: FIELD_ID,
    type: 'custom_field',
    attributes: {
      api_slug: 'customer_reference_number',
      value,
      display_value: value,
      created_at: '2026-08-14T11:15:00.000Z',
      updated_at: '2026-08-14T11:15:00.000Z',
    },
    relationships: {
      entity: { data: { id: ENTITY_IDS[type] ?? SAMPLE_IDS.shipment, type } },
      definition: { data: { id: DEFINITION_ID, type: 'custom_field_definition' } },
    },
    links: { self: `/v2/custom_fields/${FIELD_ID}` },
  };
}

export const customFieldListExample = (entity: string, path: string): object =>
  exampleList(path, [customField(entity, 'ABC124')], [DEFINITION]);
export const customFieldExample = (entity: string, value = 'ABC124'): object => exampleOne(customField(entity, value), [DEFINITION]);
export const entityCustomFieldsPath = (entity: string): string => {
  const type = entity.replace(' ', '_');
  return `/v2/${type}s/${ENTITY_IDS[type] ?? SAMPLE_IDS.shipment}/custom_fields`;
};

export const CUSTOM_FIELD_LIST_EXAMPLE = customFieldListExample('shipment', '/v2/custom_fields');
export const CUSTOM_FIELD_EXAMPLE = customFieldExample('shipment');
export const UPDATED_CUSTOM_FIELD_EXAMPLE = customFieldExample('shipment', 'ABC125');
