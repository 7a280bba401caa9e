import { IsIn, IsInt, IsString, Max, Min } from 'class-validator';
import { RedisConfig } from './redis.config';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * Settings every Quayside process needs (the database's in DatabaseConfig, Redis's in RedisConfig); each app's config
 * class extends it. Types are written out because class-transformer converts the environment's
 * strings by them.
 */
export class BaseAppConfig extends RedisConfig {
  @IsIn(LOG_LEVELS)
  LOG_LEVEL: LogLevel = 'info';

  /** Emit human-friendly logs instead of JSON lines (local development). */
  @IsIn(['json', 'pretty'])
  LOG_FORMAT: 'json' | 'pretty' = 'json';

  /** Append log lines to this file (written synchronously, so none is lost at exit) instead of stdout. */
  @IsString()
  LOG_FILE: string = '';

  /** How long a published outbox row may wait for its job to complete before it is published again. */
  @IsInt()
  @Min(1000)
  @Max(24 * 3600 * 1000)
  OUTBOX_REDELIVER_AFTER_MS: number = 5 * 60 * 1000;

  @IsInt()
  @Min(10)
  @Max(60_000)
  OUTBOX_POLL_INTERVAL_MS: number = 200;

  /**
   * `true`: a commit of this process that added outbox rows due now wakes its relay, which
   * publishes them at once instead of at its next poll (OutboxCommitSubscriber). `false`: the
   * relay only polls (tests that read the rows before anyone publishes them).
   */
  @IsIn(['true', 'false'])
  OUTBOX_WAKE_ON_COMMIT: 'true' | 'false' = 'true';

  /**
   * A row published this many times without its job completing is abandoned (a job that fails
   * every time must not run forever); it stays in the outbox table for an operator.
   */
  @IsInt()
  @Min(1)
  @Max(1000)
  OUTBOX_MAX_PUBLISHES: number = 12;
}
