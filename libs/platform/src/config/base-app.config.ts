import { IsIn, IsInt, IsString, Max, Min, ValidateBy } from 'class-validator';
import type { ValidationArguments } from 'class-validator';
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
   * `true`: the relay also listens (one more Postgres connection per process) and publishes rows
   * due now as soon as they are committed, instead of at its next poll.
   */
  @IsIn(['true', 'false'])
  @ValidateBy({
    name: 'listenNeedsSession',
    validator: {
      validate: (value: unknown, args?: ValidationArguments) =>
        value !== 'true' || (args?.object as BaseAppConfig | undefined)?.sessionDatabaseUrl !== null,
      defaultMessage: () =>
        'OUTBOX_LISTEN needs a session, which a transaction-mode pooler does not keep (DATABASE_POOL_MODE=transaction): ' +
        'set DATABASE_DIRECT_URL to a connection that bypasses the pooler, or OUTBOX_LISTEN=false (the relay then only polls)',
    },
  })
  OUTBOX_LISTEN: 'true' | 'false' = 'true';

  /**
   * A row published this many times without its job completing is abandoned (a job that fails
   * every time must not run forever); it stays in the outbox table for an operator.
   */
  @IsInt()
  @Min(1)
  @Max(1000)
  OUTBOX_MAX_PUBLISHES: number = 12;
}
