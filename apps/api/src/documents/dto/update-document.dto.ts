import { ApiPropertyOptional } from '@nestjs/swagger';
import { DOCUMENT_TYPES } from '@quayside/domain';
import type { DocumentType } from '@quayside/domain';
import { IsIn, IsNotEmpty, IsObject, IsOptional, IsString, MaxLength, ValidateIf } from 'class-validator';

/** `data.attributes` of `PATCH /v2/documents/{id}`: only the attributes sent change. */
export class UpdateDocumentAttributes {
  @ApiPropertyOptional({ enum: DOCUMENT_TYPES, nullable: true, description: 'Overrides the classified type; null clears the override.' })
  @IsOptional()
  @IsIn(DOCUMENT_TYPES)
  document_type_manual?: DocumentType | null;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    nullable: true,
    description: 'Values you set by hand; null clears them.',
  })
  @IsOptional()
  @IsObject()
  extracted_data_manual?: Record<string, unknown> | null;

  @ApiPropertyOptional({ maxLength: 255, description: 'Display name; cannot be emptied.' })
  @ValidateIf((attributes: UpdateDocumentAttributes) => attributes.name !== undefined)
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  name?: string;
}
