import { ApiPropertyOptional } from '@nestjs/swagger';
import { OptionalStringList } from '../../common/optional-string-list.decorator';

/** `data.attributes` of `PATCH /v2/containers[/{id}]`: a given member replaces the stored list. */
export class UpdateContainerAttributes {
  @ApiPropertyOptional({ type: [String], description: "Replaces the container's reference numbers.", example: ['REF-12345'] })
  @OptionalStringList()
  ref_numbers?: string[];
}
