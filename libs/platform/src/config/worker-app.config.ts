import { IsInt, IsString, Max, Min } from 'class-validator';
import { BaseAppConfig } from './base-app.config';

/** Settings shared by the two worker apps, which serve only health and metrics over HTTP. */
export class WorkerAppConfig extends BaseAppConfig {
  /** Port of the health/metrics server; 0 picks a free one (several workers on one host). */
  @IsInt()
  @Min(0)
  @Max(65535)
  OPS_PORT: number = 0;

  @IsString()
  OPS_HOST: string = '127.0.0.1';
}
