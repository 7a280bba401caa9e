import { Injectable } from '@nestjs/common';
import { signWebhook } from '@quayside/webhooks';
import { TrackerWorkerConfig } from '../config/tracker-worker.config';

const TIMEOUT_MS = 10_000;

/** One notice to the operator: `source.down` or `source.recovered` (docs/carriers.md, "Source health"). */
export interface OperatorNotice {
  event: 'source.down' | 'source.recovered';
  source: { kind: string; code: string };
  [detail: string]: unknown;
}

/**
 * POSTs operator notices to OPERATOR_WEBHOOK_URL as JSON, signed as webhooks are (Standard
 * Webhooks `webhook-id`/`webhook-timestamp`/`webhook-signature`, and `x-t49-webhook-signature`)
 * with OPERATOR_WEBHOOK_SECRET, so a receiver checks them with the same code.
 */
@Injectable()
export class OperatorNotifier {
  constructor(private readonly config: TrackerWorkerConfig) {}

  get configured(): boolean {
    return this.config.OPERATOR_WEBHOOK_URL !== undefined;
  }

  /**
   * One attempt: resolves when the receiver answered 2xx, throws otherwise (the caller retries it
   * later). `id` is the notice's, the same on every attempt, so a receiver can drop a repeat.
   */
  async send(id: string, notice: Readonly<Record<string, unknown>>, at: Date): Promise<void> {
    const url = this.config.OPERATOR_WEBHOOK_URL;
    if (url === undefined) return;
    const body = JSON.stringify({ id, sent_at: at.toISOString(), ...notice });
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Quayside-Operator/1',
        ...signWebhook({ secret: this.config.OPERATOR_WEBHOOK_SECRET, id, timestamp: Math.floor(at.getTime() / 1000), body }),
      },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    await response.body?.cancel();
    if (response.status < 200 || response.status > 299) throw new Error(`the operator webhook answered ${response.status}`);
  }
}
