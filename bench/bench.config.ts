import { BaseAppConfig } from '@quayside/platform';
import { IsIn, IsInt, Matches, Max, Min } from 'class-validator';

/**
 * What `npm run bench` reads from its environment, validated once. `DATABASE_URL` names the
 * server only: the bench creates and drops a database of its own there.
 */
export class BenchConfig extends BaseAppConfig {
  /** Container counts, run in this order on one database that grows (1000000 is opt-in: minutes to seed). */
  @Matches(/^\s*\d+\s*(,\s*\d+\s*)*$/, { message: 'BENCH_SIZES must be a comma-separated list of container counts, e.g. 10000,100000' })
  BENCH_SIZES: string = '10000,100000';

  /** Measured seconds of one round of one side of a hot path (after a short warm-up). */
  @IsInt()
  @Min(1)
  @Max(120)
  BENCH_DURATION_SECONDS: number = 3;

  /** Rounds per side, alternating quayside and bare; the faster round of each side counts. */
  @IsInt()
  @Min(1)
  @Max(10)
  BENCH_ROUNDS: number = 2;

  /** Concurrent HTTP connections of the load tester against the api and the bare server. */
  @IsInt()
  @Min(1)
  @Max(256)
  BENCH_CONNECTIONS: number = 10;

  /** Refresh transactions in flight; the tracker's refresh-shipment processor runs 4. */
  @IsInt()
  @Min(1)
  @Max(64)
  BENCH_TRACKER_CONCURRENCY: number = 4;

  /** Shipments the tracker-worker process refreshes end to end at each size. */
  @IsInt()
  @Min(10)
  @Max(100_000)
  BENCH_TRACKER_WORKER_REFRESHES: number = 2000;

  /**
   * Seconds the three apps sit idle, side by side, before their resident memory is held to its
   * budget: long enough for V8's memory reducer to have run (docs/architecture.md, "Memory").
   */
  @IsInt()
  @Min(5)
  @Max(600)
  BENCH_IDLE_SECONDS: number = 180;

  /** Webhook posts in flight; the dispatcher's delivery processor runs 16. */
  @IsInt()
  @Min(1)
  @Max(256)
  BENCH_WEBHOOK_CONCURRENCY: number = 16;

  /** Notifications the dispatcher process delivers end to end in each round at each size: about a round's length (bench/README.md). */
  @IsInt()
  @Min(100)
  @Max(100_000)
  BENCH_DISPATCHER_DELIVERIES: number = 20_000;

  /**
   * Webhook notifications of the bench account for the notification list and redelivery rows,
   * seeded after the largest container size (10000000 is opt-in: about 17 GB and many minutes
   * to seed); 0 leaves the rows out.
   */
  @IsInt()
  @Min(0)
  @Max(100_000_000)
  BENCH_NOTIFICATIONS: number = 1_000_000;

  /** `false` runs the freshness scenario alone (bench/README.md, "Freshness at scale"). */
  @IsIn(['true', 'false'])
  BENCH_HOT_PATHS: 'true' | 'false' = 'true';

  /** Active shipments of the freshness scenario (1000000 is opt-in); 0 leaves the scenario out. */
  @IsInt()
  @Min(0)
  @Max(10_000_000)
  BENCH_FRESHNESS_SHIPMENTS: number = 6000;

  /** Measured seconds per worker count of the freshness scenario (after a 30 s warm-up). */
  @IsInt()
  @Min(30)
  @Max(3600)
  BENCH_FRESHNESS_SECONDS: number = 150;

  /** Tracker-worker process counts the freshness scenario runs in turn. */
  @Matches(/^\s*\d+\s*(,\s*\d+\s*)*$/, { message: 'BENCH_FRESHNESS_WORKERS must be a comma-separated list of process counts, e.g. 1,2,4' })
  BENCH_FRESHNESS_WORKERS: string = '1,2,4';

  /** Changes per second the pushing carriers push to the api, all together. */
  @IsInt()
  @Min(0)
  @Max(5000)
  BENCH_FRESHNESS_PUSH_RATE: number = 200;

  /** Estimates per second the polled carriers move, all together. */
  @IsInt()
  @Min(0)
  @Max(5000)
  BENCH_FRESHNESS_POLLED_CHANGES: number = 10;

  /**
   * The freshness scenario's cadence: the table of docs/tracking-requests.md divided by this. 60
   * (1 h becomes 1 min) makes adherence observable within minutes at thousands of shipments; 1 is
   * the real cadence, which a million shipments need to be asked at a pace a machine can give.
   */
  @IsInt()
  @Min(1)
  @Max(60)
  BENCH_FRESHNESS_CADENCE_DIVISOR: number = 60;

  /** The phases of the seeded shipments: all `arriving`, or the import mix docs/tracking-requests.md prices at 4,920 requests a day per 1,000. */
  @IsIn(['arriving', 'documented'])
  BENCH_FRESHNESS_MIX: 'arriving' | 'documented' = 'arriving';

  get freshnessWorkers(): number[] {
    return this.BENCH_FRESHNESS_WORKERS.split(',').map((count) => Number(count.trim()));
  }

  get sizes(): number[] {
    return this.BENCH_SIZES.split(',').map((size) => Number(size.trim()));
  }
}
