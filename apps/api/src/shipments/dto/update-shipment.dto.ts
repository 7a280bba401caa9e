import { ApiPropertyOptional } from '@nestjs/swagger';
import { OptionalStringList } from '../../common/optional-string-list.decorator';

/** `data.attributes` of `PATCH /v2/shipments/{id}`: each given member replaces the stored list. */
export class UpdateShipmentAttributes {
  @ApiPropertyOptional({ type: [String], description: "Replaces the shipment's reference numbers.", example: ['REFNUMBER10'] })
  @OptionalStringList()
  ref_numbers?: string[];

  @ApiPropertyOptional({ type: [String], description: "Replaces the shipment's tags (duplicates are dropped).", example: ['priority'] })
  @OptionalStringList()
  tags?: string[];
}
