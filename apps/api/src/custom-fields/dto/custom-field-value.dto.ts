import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow, IsOptional, IsString } from 'class-validator';
import { CUSTOM_FIELD_VALUE_SCHEMA } from './custom-field-value.schema';

/**
 * `data.attributes` of the custom field writes: `POST` needs `api_slug` and `value`, `PATCH`
 * only `value` (any `api_slug` sent there is ignored: the path or the record names the field).
 */
export class CustomFieldValueAttributes {
  @ApiPropertyOptional({ description: "The definition's `api_slug` (POST).", example: 'customer_reference_number' })
  @IsOptional()
  @IsString()
  api_slug?: string;

  @ApiProperty({
    ...CUSTOM_FIELD_VALUE_SCHEMA,
    description: "A value of the definition's type; null for an empty value.",
    example: 'ABC124',
  })
  @Allow()
  value?: unknown;
}
