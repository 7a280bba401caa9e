import { ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsOptional, IsString, MaxLength } from 'class-validator';

/** `data.attributes` of `PATCH /v2/shipments/{id}`: each given member replaces the stored list. */
export class UpdateShipmentAttributes {
  @ApiPropertyOptional({ type: [String], description: 'Replaces the shipment\'s reference numbers.', example: ['REFNUMBER10'] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(50)
  @IsString({ each: true })
  @MaxLength(100, { each: true })
  ref_numbers?: string[];

  @ApiPropertyOptional({ type: [String], description: 'Replaces the shipment\'s tags (duplicates are dropped).', example: ['priority'] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(50)
  @IsString({ each: true })
  @MaxLength(100, { each: true })
  tags?: string[];
}
