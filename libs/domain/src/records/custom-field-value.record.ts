import type { CustomFieldEntityType, CustomFieldValue } from '../custom-fields/custom-field.enum';

/** A custom field value as shown (with its definition's `api_slug` and the `display_value`), e.g. inside a webhook payload. */
export interface CustomFieldValueRecord {
  id: string;
  definition_id: string;
  entity_type: CustomFieldEntityType;
  entity_id: string;
  api_slug: string;
  value: CustomFieldValue;
  display_value: string | null;
  created_at: Date;
  updated_at: Date;
}
