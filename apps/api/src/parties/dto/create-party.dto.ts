import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';

/** `data.attributes` of `POST /v2/parties`. */
export class CreatePartyAttributes {
  @ApiProperty({ description: 'Name of the company.', maxLength: 200, example: 'Harbor Drayage LLC' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  company_name!: string;

  @ApiPropertyOptional({
    type: String,
    description: 'A short name of your own for the company.',
    maxLength: 100,
    nullable: true,
    example: 'Harbor',
  })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  nickname?: string | null;
}
