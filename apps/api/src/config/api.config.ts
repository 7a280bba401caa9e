import { BaseAppConfig } from '@quayside/platform';
import { IsIn, IsInt, IsString, Max, Min } from 'class-validator';

/** Everything the api process reads from its environment, validated once at boot. */
export class ApiConfig extends BaseAppConfig {
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT: number = 3000;

  @IsString()
  HOST: string = '127.0.0.1';

  /** The address clients use, for `links` and the start banner (no trailing slash). */
  @IsString()
  PUBLIC_BASE_URL: string = '';

  /** Largest accepted request body in bytes; larger ones answer 413. */
  @IsInt()
  @Min(1024)
  @Max(10 * 1024 * 1024)
  BODY_LIMIT_BYTES: number = 1024 * 1024;

  /** Trust X-Forwarded-* from a reverse proxy in front of the api. */
  @IsIn(['true', 'false'])
  TRUST_PROXY: 'true' | 'false' = 'false';

  get publicBaseUrl(): string {
    return this.PUBLIC_BASE_URL || `http://${this.HOST === '0.0.0.0' ? '127.0.0.1' : this.HOST}:${this.PORT}`;
  }
}
