import { JsonApiClient } from '@quayside/json-api';
import { AppProcess, freePort } from './app-process';
import { readDelivery } from './notification-document';
import { WebhookSink } from './webhook-sink';

/**
 * The three apps as processes with the environment a test gives them (its database settings),
 * driven to one signed webhook: a receiver subscribed to `tracking_request.succeeded`, and a
 * sandbox tracking request that succeeds at its first attempt. What every connection of every
 * app (its pool) must carry for that to work is what the test is about.
 */
export class FirstWebhookRun {
  readonly processes: AppProcess[] = [];
  private readonly sink = new WebhookSink();
  private client: JsonApiClient | null = null;
  /** The api's port, once run() has started it. */
  apiPort = 0;

  /** Starts the apps, waits until each is ready, and returns the event of the first delivery. */
  async run(env: Record<string, string>, key: string): Promise<string> {
    const receiverUrl = await this.sink.listen();
    const port = await freePort();
    this.apiPort = port;
    const common = { ...env, OUTBOX_POLL_INTERVAL_MS: '100', LOG_LEVEL: 'warn' };
    const webhookPolicy = { WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' };
    this.processes.push(
      new AppProcess('api', { ...common, ...webhookPolicy, PORT: String(port) }),
      new AppProcess('tracker-worker', { ...common, LOG_LEVEL: 'info' }),
      new AppProcess('webhook-dispatcher', { ...common, ...webhookPolicy, LOG_LEVEL: 'info' }),
    );
    const [api, tracker, dispatcher] = this.processes;
    await Promise.all([
      api!.waitReady(`http://127.0.0.1:${port}/health/ready`),
      tracker!.opsUrl().then((url) => tracker!.waitReady(`${url}/health/ready`)),
      dispatcher!.opsUrl().then((url) => dispatcher!.waitReady(`${url}/health/ready`)),
    ]);
    const client = new JsonApiClient(`http://127.0.0.1:${port}/v2`, key);
    this.client = client;
    await client.expect(201, 'POST', '/webhooks', {
      data: { type: 'webhook', attributes: { url: receiverUrl, active: true, events: ['tracking_request.succeeded'] } },
    });
    await client.expect(201, 'POST', '/tracking_requests', {
      data: {
        type: 'tracking_request',
        attributes: { request_number: 'TEST-TR-MULTI-CONTAINER', request_type: 'bill_of_lading', scac: 'TEST' },
      },
    });
    await this.sink.waitFor((all) => all.length > 0, 60_000, 'the tracking_request.succeeded notification');
    return readDelivery(this.sink.deliveries[0]!).document.data.attributes.event;
  }

  /** After run(): asks for a refresh of the first container tracked (the api queues it through the outbox); the id and the api's answer. */
  async refreshFirstContainer(): Promise<{ containerId: string; message: string }> {
    if (!this.client) throw new Error('run() first');
    const containers = await this.client.expect<{ data: Array<{ id: string }> }>(200, 'GET', '/containers');
    const containerId = containers.data[0]?.id;
    if (containerId === undefined) throw new Error('no container tracked');
    const answer = await this.client.expect<{ message: string }>(200, 'PATCH', `/containers/${containerId}/refresh`);
    return { containerId, message: answer.message };
  }

  async stop(): Promise<void> {
    await Promise.all(this.processes.map((p) => p.stop('SIGTERM')));
    await this.sink.close();
  }
}
