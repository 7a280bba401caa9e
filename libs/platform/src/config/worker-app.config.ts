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

  /**
   * A worker's jobs wait longer for a connection than a request does (DatabaseConfig): a job
   * that gives up is only retried later, so under a burst it may as well queue for its turn.
   */
  @IsInt()
  @Min(100)
  @Max(600_000)
  override DATABASE_POOL_TIMEOUT_MS: number = 60_000;

  /**
   * How long a worker's hold on a running job lasts without renewal (renewed at half of it while
   * the worker lives). A worker that dies mid-job gives its job back after about this long.
   */
  @IsInt()
  @Min(1000)
  @Max(3_600_000)
  QUEUE_LOCK_DURATION_MS: number = 30_000;

  /** How often each worker looks for jobs whose holder died (Bull's stalled-job check). */
  @IsInt()
  @Min(500)
  @Max(3_600_000)
  QUEUE_STALLED_INTERVAL_MS: number = 15_000;
}
