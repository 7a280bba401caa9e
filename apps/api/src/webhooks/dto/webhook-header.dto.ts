import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength, MinLength } from 'class-validator';

/** One custom header sent with every delivery of a webhook. */
export class WebhookHeaderInput {
  @ApiProperty({
    description: 'Header name (an HTTP token). The delivery headers (signatures, Host, Content-*, hop-by-hop) cannot be set.',
    example: 'x-secret-sauce',
    maxLength: 256,
  })
  @IsString()
  @MinLength(1)
  @MaxLength(256)
  name!: string;

  @ApiProperty({ description: 'Header value: visible ASCII, spaces and tabs.', example: 'sriracha', maxLength: 4096 })
  @IsString()
  @MaxLength(4096)
  value!: string;
}
