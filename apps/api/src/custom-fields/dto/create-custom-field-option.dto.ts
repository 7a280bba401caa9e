import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

/** `data.attributes` of `POST /v2/custom_field_definitions/{definition_id}/options`. */
export class CreateCustomFieldOptionAttributes {
  @ApiProperty({ maxLength: 200, example: 'Priority' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  label!: string;

  @ApiProperty({ maxLength: 200, description: 'What values store; unique in the definition; cannot change.', example: 'priority' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  value!: string;

  @ApiPropertyOptional({ type: 'integer', nullable: true, description: 'Sort order (lowest first; unset last).' })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(1000000)
  position?: number | null;
}
