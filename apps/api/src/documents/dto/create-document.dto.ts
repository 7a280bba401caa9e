import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';

/** `data.attributes` of the JSON form of `POST /v2/documents` (second step of a two-step upload). */
export class CreateDocumentAttributes {
  @ApiPropertyOptional({ maxLength: 255, description: 'Display name; the uploaded file name when left out.' })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  name?: string;

  @ApiProperty({ description: '`attached_document` returned by `POST /v2/document_uploads`, after the file was PUT to its `upload_url`.' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(2048)
  attached_document!: string;

  @ApiPropertyOptional({
    default: false,
    description:
      'Create tracking requests for the bill of lading, booking or container numbers extraction finds and the account does not track yet.',
  })
  @IsOptional()
  @IsBoolean()
  create_tracking_requests?: boolean;
}
