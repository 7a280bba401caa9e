import { WorkerAppConfig } from '@quayside/platform';
import { IsIn, IsInt, IsNumber, IsString, Matches, Max, Min } from 'class-validator';

/** Everything the webhook-dispatcher process reads from its environment, validated once at boot. */
export class WebhookDispatcherConfig extends WorkerAppConfig {
  /** `true` accepts http:// webhook URLs: local development only. */
  @IsIn(['true', 'false'])
  WEBHOOK_ALLOW_HTTP: 'true' | 'false' = 'false';

  /** Host names, addresses or CIDR ranges exempt from the private-address check, comma separated (e.g. `127.0.0.1,localhost`). */
  @IsString()
  @Matches(/^[A-Za-z0-9.:/\-_[\]\s,]*$/, {
    message: 'WEBHOOK_ALLOWED_HOSTS must be a comma-separated list of hosts, addresses or CIDR ranges',
  })
  WEBHOOK_ALLOWED_HOSTS: string = '';

  /** One delivery attempt, connect to last byte. */
  @IsInt()
  @Min(100)
  @Max(60_000)
  WEBHOOK_TIMEOUT_MS: number = 15_000;

  /** Multiplies every retry wait: 1 in production, e.g. 0.0001 to run three days of retries in seconds. */
  @IsNumber()
  @Min(0.000001)
  @Max(1)
  WEBHOOK_RETRY_SCALE: number = 1;

  /** Deliveries in flight to one webhook, across every dispatcher process. */
  @IsInt()
  @Min(1)
  @Max(100)
  WEBHOOK_MAX_CONCURRENT_PER_ENDPOINT: number = 4;

  /** How long a delivery that found its endpoint at its cap waits before trying again. */
  @IsInt()
  @Min(10)
  @Max(60_000)
  WEBHOOK_ENDPOINT_BUSY_DELAY_MS: number = 1_500;

  /** A webhook failing this long without one success is deactivated (5 days). */
  @IsNumber()
  @Min(0.0001)
  @Max(24 * 365)
  WEBHOOK_DEACTIVATE_AFTER_HOURS: number = 120;
}
