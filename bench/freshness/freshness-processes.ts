import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { RefreshCadence } from '@quayside/domain';
import { freePort, spawnApp, spawnTypeScript, stopChild, waitUntilServing } from '../support/child-process';
import type { FreshnessCarrierSettings } from './freshness-carrier-settings';
import { cadenceSetting } from './freshness-stats';
import { JITTER_RATIO, SCHEDULER_TICK_MS } from './freshness-scenario';
import type { CarrierPlan } from './freshness-scenario';

/** The bench's processes that are not tracker-workers, grouped for their CPU. */
type BenchRole = 'api' | 'dispatcher' | 'others';

export interface CarrierRuntime {
  plan: CarrierPlan;
  requestsPerMinute: number;
  logFile: string;
  child: ChildProcess;
  url: string;
}

/**
 * The freshness scenario's processes, all on 127.0.0.1: the signing-checking webhook receiver, the
 * api and the webhook-dispatcher from the production build, the carrier servers, and the
 * tracker-workers of the window being measured. Their logs go to `dir`.
 */
export class FreshnessProcesses {
  private readonly children: ChildProcess[] = [];
  private workers: ChildProcess[] = [];
  /** The bench's processes that are not tracker-workers, by role, for their CPU. */
  private readonly roles = new Map<BenchRole, number[]>([['others', [process.pid]]]);

  constructor(
    private readonly dir: string,
    /** What every process of the scenario runs with: the database, the Redis prefix, quiet logs. */
    private readonly env: Record<string, string>,
  ) {}

  /** The receiver of the scenario's webhooks, checking each signature with `secret`; it logs every post to `log`. */
  async startReceiver(secret: string): Promise<{ port: number; log: string }> {
    const log = join(this.dir, 'receiver.jsonl');
    const port = await freePort();
    const receiver = this.spawn(
      spawnTypeScript({
        script: 'bench/servers/freshness-receiver.server.ts',
        args: [String(port), secret, log],
        env: this.env,
      }),
    );
    await waitUntilServing(`http://127.0.0.1:${port}/`, receiver);
    this.role('others', receiver);
    return { port, log };
  }

  /** The api (taking the pushes of the carriers in `tokens`) and the webhook-dispatcher; the api's port. */
  async startApps(tokens: Record<string, string>): Promise<number> {
    const apiPort = await freePort();
    const api = this.spawn(
      spawnApp('api', {
        ...this.env,
        PORT: String(apiPort),
        RATE_LIMIT_WINDOW_MS: '1000',
        RATE_LIMIT_DEFAULT: '1000000000',
        RATE_LIMIT_REFRESH: '1000000000',
        DCSA_PUSH_CONNECTIONS: JSON.stringify(tokens),
      }),
    );
    const dispatcherPort = await freePort();
    const dispatcher = this.spawn(
      spawnApp('webhook-dispatcher', {
        ...this.env,
        OPS_PORT: String(dispatcherPort),
        WEBHOOK_ALLOW_HTTP: 'true',
        WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
      }),
    );
    await waitUntilServing(`http://127.0.0.1:${apiPort}/health/ready`, api);
    await waitUntilServing(`http://127.0.0.1:${dispatcherPort}/health/ready`, dispatcher);
    this.role('api', api);
    this.role('dispatcher', dispatcher);
    return apiPort;
  }

  /** One carrier server (bench/servers/freshness-carrier.server.ts), logging to a file of its own. */
  async startCarrier(
    plan: CarrierPlan,
    requestsPerMinute: number,
    settings: Omit<FreshnessCarrierSettings, 'logFile'>,
  ): Promise<CarrierRuntime> {
    const port = await freePort();
    const logFile = join(this.dir, `${plan.scac}.jsonl`);
    const child = this.spawn(
      spawnTypeScript({
        script: 'bench/servers/freshness-carrier.server.ts',
        args: [String(port), JSON.stringify({ ...settings, logFile } satisfies FreshnessCarrierSettings)],
        env: this.env,
      }),
    );
    const url = `http://127.0.0.1:${port}`;
    await waitUntilServing(`${url}/health`, child);
    this.role('others', child);
    return { plan, requestsPerMinute, logFile, child, url };
  }

  /** `count` tracker-workers on the carriers with their quotas; `stopWorkers` ends them (even when one failed to start). */
  async startWorkers(count: number, carriers: readonly CarrierRuntime[], cadence: RefreshCadence): Promise<void> {
    const carriersConfig = JSON.stringify({
      carriers: carriers.map((c) => ({
        scac: c.plan.scac,
        kind: 'dcsa',
        ...(c.plan.version === '3.0' ? { version: '3.0' } : {}),
        baseUrl: c.url,
        timeoutMs: 10_000,
        requestsPerMinute: c.requestsPerMinute,
        maxConcurrency: c.plan.maxConcurrency,
      })),
      terminals: [],
      rail: [],
    });
    for (let n = 0; n < count; n += 1) {
      const opsPort = await freePort();
      const worker = spawnApp('tracker-worker', {
        ...this.env,
        OPS_PORT: String(opsPort),
        CARRIERS_CONFIG: carriersConfig,
        REFRESH_CADENCE: cadenceSetting(cadence),
        REFRESH_INTERVAL_SECONDS: String(cadence.unknown),
        REFRESH_JITTER_RATIO: String(JITTER_RATIO),
        SCHEDULER_TICK_MS: String(SCHEDULER_TICK_MS),
        // Pushes applied at once per worker, on their own queue: the most the setting takes (docs/dcsa.md).
        DCSA_PUSH_CONCURRENCY: '32',
      });
      this.workers.push(worker);
      await waitUntilServing(`http://127.0.0.1:${opsPort}/health/ready`, worker);
    }
  }

  async stopWorkers(): Promise<void> {
    for (const worker of this.workers) await stopChild(worker);
    this.workers = [];
  }

  workerPids(): number[] {
    return this.workers.flatMap((worker) => (worker.pid === undefined ? [] : [worker.pid]));
  }

  /** The other processes' ids by role (the bench's own among the others). */
  rolePids(): Array<readonly [BenchRole, number[]]> {
    return [...this.roles].map(([role, pids]) => [role, pids] as const);
  }

  /** Every process but the tracker-workers, last started first. */
  async stop(): Promise<void> {
    for (const child of this.children.reverse()) await stopChild(child).catch(() => undefined);
  }

  private spawn(child: ChildProcess): ChildProcess {
    this.children.push(child);
    return child;
  }

  private role(role: BenchRole, child: ChildProcess): void {
    if (child.pid !== undefined) this.roles.set(role, [...(this.roles.get(role) ?? []), child.pid]);
  }
}
