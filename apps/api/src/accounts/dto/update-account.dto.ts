import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsOptional } from 'class-validator';

/** `data.attributes` of `PATCH /v2/account`: the account's own settings. */
export class UpdateAccountAttributes {
  @ApiPropertyOptional({
    description:
      'Extraction of every document (uploaded or emailed) creates tracking requests for the numbers it finds and the account does not track yet, as the upload flag `create_tracking_requests` does for one document.',
  })
  @IsOptional()
  @IsBoolean()
  documents_create_tracking_requests?: boolean;
}
