import { ApiProperty } from '@nestjs/swagger';
import { Allow, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';

/** `data.attributes` of `POST /v2/widget_keys`. */
export class CreateWidgetKeyAttributes {
  @ApiProperty({ description: 'Where the key is used, e.g. "customer portal".', maxLength: 100, example: 'customer portal' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  name!: string;

  // Checked origin by origin by parseAllowedOrigins, which names the bad entry.
  @ApiProperty({ description: 'Origins whose pages may embed the widget (1 to 20), e.g. ["https://www.example.com"].', type: [String] })
  @Allow()
  allowed_origins!: unknown;
}

/** `data.attributes` of `PATCH /v2/widget_keys/{id}`: either or both. */
export class UpdateWidgetKeyAttributes {
  @ApiProperty({ required: false, maxLength: 100 })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  name?: string;

  @ApiProperty({ required: false, type: [String] })
  @Allow()
  allowed_origins?: unknown;
}
