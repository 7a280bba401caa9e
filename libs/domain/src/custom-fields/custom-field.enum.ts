/** The resources a custom field can be defined on, as `entity_type` names them. */
export const CUSTOM_FIELD_ENTITY_TYPES = ['Shipment', 'Container', 'TrackingRequest'] as const;
export type CustomFieldEntityType = (typeof CUSTOM_FIELD_ENTITY_TYPES)[number];

/** The JSON:API type of each entity type (`relationships.entity.data.type`). */
export const CUSTOM_FIELD_ENTITY_RESOURCE_TYPES: Readonly<Record<CustomFieldEntityType, string>> = {
  Shipment: 'shipment',
  Container: 'container',
  TrackingRequest: 'tracking_request',
};

/** `entity_type` from a JSON:API type or an entity type name; undefined when it is neither. */
export function customFieldEntityType(name: string): CustomFieldEntityType | undefined {
  const byResource = (Object.entries(CUSTOM_FIELD_ENTITY_RESOURCE_TYPES) as [CustomFieldEntityType, string][]).find(
    ([, type]) => type === name,
  );
  if (byResource) return byResource[0];
  return (CUSTOM_FIELD_ENTITY_TYPES as readonly string[]).includes(name) ? (name as CustomFieldEntityType) : undefined;
}

export const CUSTOM_FIELD_DATA_TYPES = ['short_text', 'number', 'date', 'datetime', 'boolean', 'enum', 'enum_multi', 'reference'] as const;
export type CustomFieldDataType = (typeof CUSTOM_FIELD_DATA_TYPES)[number];

/** What a `reference` field may point at: records of the same account. */
export const CUSTOM_FIELD_REFERENCE_TYPES = ['shipment', 'container', 'tracking_request', 'party'] as const;
export type CustomFieldReferenceType = (typeof CUSTOM_FIELD_REFERENCE_TYPES)[number];

/** A stored value: JSON as the client sent it, after validation (datetimes normalized to UTC). */
export type CustomFieldValue = string | number | boolean | readonly string[] | null;

/** `api_slug`: lower-case letters, digits and underscores, starting with a letter. */
export const CUSTOM_FIELD_SLUG = /^[a-z][a-z0-9_]{0,62}$/;

/** Longest `short_text` value when the definition sets no `max_length`. */
export const CUSTOM_FIELD_TEXT_MAX_LENGTH = 1000;
