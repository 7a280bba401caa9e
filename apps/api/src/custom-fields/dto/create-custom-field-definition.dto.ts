import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { CUSTOM_FIELD_DATA_TYPES, CUSTOM_FIELD_ENTITY_TYPES, CUSTOM_FIELD_REFERENCE_TYPES, CUSTOM_FIELD_SLUG } from '@quayside/domain';
import type { CustomFieldDataType, CustomFieldEntityType, CustomFieldReferenceType } from '@quayside/domain';
import { Allow, IsIn, IsNotEmpty, IsObject, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { CUSTOM_FIELD_VALUE_SCHEMA } from './custom-field-value.schema';

/** `data.attributes` of `POST /v2/custom_field_definitions`. */
export class CreateCustomFieldDefinitionAttributes {
  @ApiProperty({ enum: CUSTOM_FIELD_ENTITY_TYPES, description: 'The resource the field is on.' })
  @IsIn(CUSTOM_FIELD_ENTITY_TYPES)
  entity_type!: CustomFieldEntityType;

  @ApiProperty({
    description: 'Names the field in values and filters; unique per entity type; cannot change.',
    pattern: CUSTOM_FIELD_SLUG.source,
    example: 'customer_reference_number',
  })
  @IsString()
  @Matches(CUSTOM_FIELD_SLUG, {
    message: 'api_slug must be lower-case letters, digits and underscores, starting with a letter (at most 63).',
  })
  api_slug!: string;

  @ApiProperty({ maxLength: 200, example: 'Customer reference' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  display_name!: string;

  @ApiPropertyOptional({ type: String, maxLength: 2000, nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  description?: string | null;

  @ApiProperty({ enum: CUSTOM_FIELD_DATA_TYPES, description: 'Cannot change.' })
  @IsIn(CUSTOM_FIELD_DATA_TYPES)
  data_type!: CustomFieldDataType;

  @ApiPropertyOptional({
    enum: CUSTOM_FIELD_REFERENCE_TYPES,
    nullable: true,
    description: 'Required for `reference` fields: what the value points at.',
  })
  @IsOptional()
  @IsIn(CUSTOM_FIELD_REFERENCE_TYPES)
  reference_type?: CustomFieldReferenceType | null;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    nullable: true,
    description: 'Rules for values: see docs/custom-fields.md.',
    example: { max_length: 40 },
  })
  @IsOptional()
  @IsObject()
  validation?: Record<string, unknown> | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 100 })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  default_format?: string | null;

  @ApiPropertyOptional({ ...CUSTOM_FIELD_VALUE_SCHEMA, description: "A value of the field's type, checked like any value." })
  @Allow()
  default_value?: unknown;
}
