import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { REQUEST_TYPES } from '@quayside/domain';
import type { RequestType } from '@quayside/domain';
import { IsDefined, IsIn, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { OptionalStringList } from '../../common/optional-string-list.decorator';

/** `data.attributes` of `POST /v2/tracking_requests`. */
export class CreateTrackingRequestAttributes {
  // Typed `unknown` for validation; what a client sends (and the schema says) is a string.
  @ApiProperty({
    type: String,
    description:
      'ONE bill of lading, booking or container number. A list, or several numbers in one string, is refused with 422: send one request per number.',
    example: 'MEDUFR030802',
  })
  // The domain's `checkRequestNumber` judges the value (and explains a list), so any JSON value gets here.
  @IsDefined({ message: 'request_number is required.' })
  request_number!: unknown;

  @ApiProperty({
    enum: REQUEST_TYPES,
    description: 'What kind of number `request_number` is. Container numbers are in beta.',
    example: 'bill_of_lading',
  })
  @IsIn(REQUEST_TYPES, { message: `request_type must be one of ${REQUEST_TYPES.join(', ')}.` })
  request_type!: RequestType;

  @ApiProperty({ description: 'SCAC of the shipping line (its own or one of its alternative SCACs).', example: 'MSCU' })
  @IsString()
  @IsNotEmpty({ message: 'scac is required.' })
  @MaxLength(10)
  scac!: string;

  @ApiPropertyOptional({
    type: [String],
    description: 'Your reference numbers, added to the shipment when tracking succeeds.',
    example: ['PO12345'],
  })
  @OptionalStringList()
  ref_numbers?: string[];

  @ApiPropertyOptional({ type: [String], description: 'Tags for the shipment.', example: ['priority'] })
  @OptionalStringList()
  tags?: string[];

  @ApiPropertyOptional({ type: [String], description: "The established API's name for `tags` on create; both are accepted and merged." })
  @OptionalStringList()
  shipment_tags?: string[];
}
