import { ApiProperty } from '@nestjs/swagger';
import { ROTATION_DEGREES } from '@quayside/domain';
import type { RotationDegrees } from '@quayside/domain';
import { IsIn } from 'class-validator';

/** Body of `POST /v2/documents/{id}/rotate` (a plain object, as in the established API). */
export class RotateDocumentBody {
  @ApiProperty({ enum: ROTATION_DEGREES, description: 'Clockwise.' })
  @IsIn(ROTATION_DEGREES, { message: 'degrees must be one of: 90, 180, 270' })
  degrees!: RotationDegrees;
}
