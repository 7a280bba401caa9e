import { SANDBOX_SCENARIOS } from '@quayside/carriers';
import { EVENT_NAMES } from '@quayside/domain';
import type { DemoConfig } from './demo-config';
import { formatNotificationLine, formatProgress, formatSummary } from './demo-format';
import type { SummaryInput } from './demo-format';
import { DeliveryTally } from './delivery-tally';
import { LifecycleWatch } from './lifecycle-watch';
import type { WatchedLifecycle } from './lifecycle-watch';
import type { NotificationView } from './notification-view';
import type { QuaysideClient } from './quayside-client';
import type { TerminalPrinter } from './terminal-printer';
import { WebhookReceiver } from './webhook-receiver';
import type { ReceivedDelivery } from './webhook-receiver';

const WHOLE_LIFECYCLE = 'TEST-TR-FULL-LIFECYCLE';
const TICK_MS = 500;
const POLL_EVERY_MS = 5_000;
/** After the last lifecycle completes, deliveries still in flight (the stop event) get this long. */
const GRACE_MS = 4_000;

function watchedLifecycle(numbers: readonly string[]): WatchedLifecycle | null {
  const scenario = numbers.includes(WHOLE_LIFECYCLE) ? SANDBOX_SCENARIOS.find((s) => s.number === WHOLE_LIFECYCLE) : undefined;
  return scenario ? { number: scenario.number, containers: scenario.containers.map((c) => c.number) } : null;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One run of the demo: a local receiver, a webhook for every event pointing at it, the
 * tracking requests, then notifications printed as they arrive until the lifecycles complete,
 * the time limit passes or the user interrupts. Whatever happens the webhook is then disabled,
 * not deleted: the receiver is gone, but the webhook and every notification with its delivery
 * history stay in the account, for the console and the API to show.
 */
export class DemoSession {
  private readonly tally = new DeliveryTally();
  private readonly early: NotificationView[] = [];
  private watch: LifecycleWatch | null = null;
  private stopRequested = false;
  /** Set once the summary is taken: deliveries still landing while the webhook is disabled are not printed. */
  private finished = false;
  private readonly started = Date.now();

  constructor(
    private readonly client: QuaysideClient,
    private readonly config: DemoConfig,
    private readonly printer: TerminalPrinter,
  ) {}

  /** Ends the run at the next tick (Ctrl-C): the summary is printed and the webhook disabled. */
  stop(): void {
    this.stopRequested = true;
  }

  async run(): Promise<void> {
    const receiver = new WebhookReceiver((delivery) => this.onDelivery(delivery));
    const url = await receiver.listen(this.config.receiverPort);
    try {
      const webhook = await this.client.createWebhook(url, EVENT_NAMES);
      receiver.useSecret(webhook.secret);
      this.printer.line(`Webhook ${webhook.id} → ${url}`);
      this.printer.line(`  subscribed to all ${EVENT_NAMES.length} events; every delivery's two signatures are checked with its secret\n`);
      try {
        await this.track();
        const ending = await this.waitForLifecycles();
        if (ending === 'complete') await this.grace();
        const failed = await this.client.failedDeliveries(webhook.id).catch(() => null);
        this.finished = true;
        this.printer.endProgress();
        this.printer.line(this.summary(ending, failed));
      } finally {
        await this.stopTracking();
        await this.client.disableWebhook(webhook.id).then(
          () =>
            this.printer.line(
              `Webhook ${webhook.id} disabled (its receiver is gone); it stays in the account with its ${this.tally.snapshot().notifications} notifications and their deliveries.`,
            ),
          (error: unknown) => this.printer.line(`Could not disable webhook ${webhook.id}: ${String(error)}`),
        );
      }
    } finally {
      await receiver.close();
    }
  }

  private async track(): Promise<void> {
    const requests = await Promise.all(this.config.numbers.map((number) => this.client.createTrackingRequest(number, this.config.scac)));
    for (const request of requests) this.printer.line(`Tracking ${request.number.padEnd(28)} request ${request.id} (${request.status})`);
    this.printer.line('');
    this.watch = new LifecycleWatch(requests, watchedLifecycle(this.config.numbers));
    for (const view of this.early.splice(0)) this.watch.noteNotification(view);
  }

  /**
   * Stops what this run still tracks. Besides not leaving sandbox shipments refreshing every few
   * seconds: the tracker treats every active shipment with the same carrier and number as one
   * physical shipment whose sandbox clock starts at its earliest request, so a shipment left
   * active would make the next run join this run's timeline instead of starting its own.
   */
  private async stopTracking(): Promise<void> {
    let stopped = 0;
    for (const request of this.watch?.requests() ?? []) {
      if (request.status !== 'succeeded') continue;
      try {
        const shipmentId = await this.client.trackedShipmentId(request.id);
        if (shipmentId !== null) await this.client.stopTracking(shipmentId);
        stopped += 1;
      } catch (error) {
        this.printer.line(`Could not stop tracking ${request.number}: ${String(error)}`);
      }
    }
    if (stopped > 0) this.printer.line(`Stopped tracking ${stopped} shipment${stopped === 1 ? '' : 's'} still followed.`);
  }

  private async waitForLifecycles(): Promise<SummaryInput['ending']> {
    const deadline = this.started + this.config.timeoutSeconds * 1000;
    let nextPoll = Date.now() + POLL_EVERY_MS;
    for (;;) {
      if (this.stopRequested) return 'interrupted';
      if (this.watch?.complete) return 'complete';
      if (Date.now() >= deadline) return 'timeout';
      if (Date.now() >= nextPoll) {
        nextPoll = Date.now() + POLL_EVERY_MS;
        await this.poll();
      }
      this.showProgress();
      await sleep(TICK_MS);
    }
  }

  /** The API's view of requests the notifications have not settled yet (a missed delivery, a slow one). */
  private async poll(): Promise<void> {
    for (const request of this.watch?.toPoll() ?? []) {
      try {
        this.watch?.noteState(await this.client.getTrackingRequest(request.id, request.number));
      } catch (error) {
        this.printer.line(`  (could not read tracking request ${request.number}: ${String(error)})`);
      }
    }
  }

  private async grace(): Promise<void> {
    const until = Date.now() + GRACE_MS;
    while (Date.now() < until && !this.stopRequested) {
      this.showProgress();
      await sleep(TICK_MS);
    }
  }

  private onDelivery(delivery: ReceivedDelivery): void {
    if (this.finished) return;
    const outcome = this.tally.record({ id: delivery.id, event: delivery.view?.event ?? '(unreadable)', verified: delivery.check.ok });
    const view = delivery.view ?? {
      id: delivery.id,
      event: '(not a notification)',
      subject: '',
      detail: '',
      containerNumber: null,
      trackingRequestId: null,
      failedReason: null,
    };
    this.printer.line(formatNotificationLine(delivery.receivedAt, view, outcome));
    if (outcome === 'new' && delivery.view) {
      if (this.watch) this.watch.noteNotification(delivery.view);
      else this.early.push(delivery.view);
    }
    this.showProgress();
  }

  private showProgress(): void {
    this.printer.showProgress(
      formatProgress({
        elapsedMs: Date.now() - this.started,
        settled: this.watch?.settled ?? 0,
        total: this.watch?.total ?? this.config.numbers.length,
        tally: this.tally.snapshot(),
        lifecycle: this.watch?.lifecycleProgress ?? null,
      }),
    );
  }

  private summary(ending: SummaryInput['ending'], failedDeliveries: number | null): string {
    return formatSummary({
      elapsedMs: Date.now() - this.started,
      tally: this.tally.snapshot(),
      requests: this.watch?.requestLines() ?? [],
      failedDeliveries,
      ending,
    });
  }
}
