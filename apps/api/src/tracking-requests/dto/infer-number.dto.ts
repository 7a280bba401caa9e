import { ApiProperty } from '@nestjs/swagger';
import { IsDefined } from 'class-validator';

/** Body of `POST /v2/tracking_requests/infer_number`, as the established API: `{"number": "..."}`. */
export class InferNumberBody {
  // Typed `unknown` for validation; what a client sends (and the schema says) is a string.
  @ApiProperty({ type: String, description: 'A container, bill of lading or booking number.', example: 'MSCU1234566' })
  // The domain judges the value (a list answers `multiple_numbers`), so any JSON value gets here.
  @IsDefined({ message: 'number is required.' })
  number!: unknown;
}
