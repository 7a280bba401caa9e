import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString, MaxLength, ValidateIf } from 'class-validator';

/** `data.attributes` of `PATCH /v2/parties/{id}`: only the attributes sent change. */
export class UpdatePartyAttributes {
  @ApiPropertyOptional({ description: 'Name of the company; cannot be emptied.', maxLength: 200 })
  @ValidateIf((attributes: UpdatePartyAttributes) => attributes.company_name !== undefined)
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  company_name?: string;

  @ApiPropertyOptional({ type: String, description: 'null clears it.', maxLength: 100, nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  nickname?: string | null;
}
