import { AppProcess, freePort } from './app-process';

/** How much faster than real time the sandbox plays in these runs: a scenario day in 2 s. */
export const SANDBOX_COMPRESSION = 43_200;

/**
 * The three apps as processes for a sandbox run played fast: the tracker-worker with the sandbox
 * clock compressed SANDBOX_COMPRESSION times and its scheduler ticking every 200 ms, the api and
 * the webhook-dispatcher allowed to deliver webhooks over HTTP to 127.0.0.1, the outbox polled
 * every 50 ms. `env` holds the run's own settings (database, Redis prefix…), `api` the api's
 * extra ones. Adds them to `processes` (the caller stops them), waits until each is ready, and
 * gives the api's port.
 */
export async function startSandboxApps(
  processes: AppProcess[],
  env: Record<string, string>,
  api: Record<string, string> = {},
): Promise<number> {
  const port = await freePort();
  const common = { ...env, OUTBOX_POLL_INTERVAL_MS: '50', LOG_LEVEL: 'warn' };
  const webhookPolicy = { WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' };
  processes.push(
    new AppProcess('api', { ...common, ...webhookPolicy, PORT: String(port), ...api }),
    new AppProcess('tracker-worker', {
      ...common,
      SANDBOX_CLOCK_COMPRESSION: String(SANDBOX_COMPRESSION),
      REFRESH_MIN_INTERVAL_MS: '300',
      REFRESH_JITTER_RATIO: '0',
      SCHEDULER_TICK_MS: '200',
      // At info, a worker prints the address of its health endpoint, which the wait below reads.
      LOG_LEVEL: 'info',
    }),
    new AppProcess('webhook-dispatcher', { ...common, ...webhookPolicy, LOG_LEVEL: 'info' }),
  );
  const [apiProcess, tracker, dispatcher] = processes.slice(-3);
  await Promise.all([
    apiProcess!.waitReady(`http://127.0.0.1:${port}/health/ready`, 120_000),
    tracker!.opsUrl(120_000).then((url) => tracker!.waitReady(`${url}/health/ready`)),
    dispatcher!.opsUrl(120_000).then((url) => dispatcher!.waitReady(`${url}/health/ready`)),
  ]);
  return port;
}
