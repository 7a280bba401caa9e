import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

/** `data.attributes` of `POST /v2/document_uploads`. */
export class CreateDocumentUploadAttributes {
  @ApiProperty({
    maxLength: 255,
    example: 'MEDU1234567.pdf',
    description: 'Name of the file you will upload; its extension must match its content.',
  })
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  file_name!: string;
}
