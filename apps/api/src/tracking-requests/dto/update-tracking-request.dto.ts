import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { OptionalStringList } from '../../common/optional-string-list.decorator';

/** `data.attributes` of `PATCH /v2/tracking_requests/{id}`: each given member replaces the stored list. */
export class UpdateTrackingRequestAttributes {
  @ApiPropertyOptional({ type: [String], description: 'Replaces the reference numbers.', example: ['PO12345'] })
  @OptionalStringList()
  ref_numbers?: string[];

  @ApiPropertyOptional({
    description: "The established API's single reference number: replaces the reference numbers with this one.",
    example: 'REFNUMBER11',
  })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  ref_number?: string;

  @ApiPropertyOptional({ type: [String], description: 'Replaces the tags.', example: ['priority'] })
  @OptionalStringList()
  tags?: string[];

  @ApiPropertyOptional({
    type: [String],
    description: "The established API's name for `tags`: replaces the tags (merged with `tags` when both are sent).",
  })
  @OptionalStringList()
  shipment_tags?: string[];
}
