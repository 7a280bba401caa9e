import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

/** `data.attributes` of `POST /v2/api_keys`. */
export class CreateApiKeyAttributes {
  @ApiProperty({ description: 'What the key is for, e.g. "billing integration".', maxLength: 100, example: 'billing integration' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  name!: string;
}
