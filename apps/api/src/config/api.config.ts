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

  /** Length of the rolling rate-limit window (specification 8: 60 s); tests shorten it. */
  @IsInt()
  @Min(1000)
  @Max(3_600_000)
  RATE_LIMIT_WINDOW_MS = 60_000;

  /** When Redis cannot be asked, `open` admits the request and `closed` answers 503 (docs/rate-limits.md). */
  @IsIn(['open', 'closed'])
  RATE_LIMIT_FAIL_MODE: 'open' | 'closed' = 'open';

  /** A rate-limit check slower than this counts as Redis being unreachable. */
  @IsInt()
  @Min(10)
  @Max(10_000)
  RATE_LIMIT_REDIS_TIMEOUT_MS = 250;

  get publicBaseUrl(): string {
    return this.PUBLIC_BASE_URL || `http://${this.HOST === '0.0.0.0' ? '127.0.0.1' : this.HOST}:${this.PORT}`;
  }
}
