import { ApiPropertyOptional } from '@nestjs/swagger';
import { Allow, IsNotEmpty, IsObject, IsOptional, IsString, MaxLength, ValidateIf } from 'class-validator';
import { CUSTOM_FIELD_VALUE_SCHEMA } from './custom-field-value.schema';

/** `data.attributes` of `PATCH /v2/custom_field_definitions/{id}`: only what is sent changes. */
export class UpdateCustomFieldDefinitionAttributes {
  @ApiPropertyOptional({ maxLength: 200 })
  @ValidateIf((attributes: UpdateCustomFieldDefinitionAttributes) => attributes.display_name !== undefined)
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  display_name?: string;

  @ApiPropertyOptional({ type: String, maxLength: 2000, nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  description?: string | null;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    nullable: true,
    description: 'Applies to values written from now on.',
  })
  @IsOptional()
  @IsObject()
  validation?: Record<string, unknown> | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 100 })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  default_format?: string | null;

  @ApiPropertyOptional({ ...CUSTOM_FIELD_VALUE_SCHEMA })
  @Allow()
  default_value?: unknown;

  /** Sent to be refused by name: these cannot change after creation. */
  @Allow()
  entity_type?: unknown;

  @Allow()
  api_slug?: unknown;

  @Allow()
  data_type?: unknown;

  @Allow()
  reference_type?: unknown;
}
