import { ApiPropertyOptional } from '@nestjs/swagger';
import { Allow, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min, ValidateIf } from 'class-validator';

/** `data.attributes` of `PATCH /v2/custom_field_definitions/{definition_id}/options/{option_id}`. */
export class UpdateCustomFieldOptionAttributes {
  @ApiPropertyOptional({ maxLength: 200 })
  @ValidateIf((attributes: UpdateCustomFieldOptionAttributes) => attributes.label !== undefined)
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  label?: string;

  @ApiPropertyOptional({ type: 'integer', nullable: true })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(1000000)
  position?: number | null;

  /** Sent to be refused by name: values store it. */
  @Allow()
  value?: unknown;
}
