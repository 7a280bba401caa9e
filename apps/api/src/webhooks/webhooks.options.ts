import type { HostResolver, WebhookUrlPolicy } from '@quayside/webhooks';

/** What the webhook endpoints take from the api configuration (see `WebhooksModule.forRoot`). */
export interface WebhooksOptions {
  urlPolicy: WebhookUrlPolicy;
  /** Outbound addresses of the deliveries, for `GET /v2/webhooks/ips`. */
  egressIps: readonly string[];
  /** When that list was read: the configuration is fixed for the life of the process. */
  egressIpsLoadedAt: Date;
  triggerTimeoutMs: number;
}

export const WEBHOOKS_OPTIONS = Symbol('WEBHOOKS_OPTIONS');

/** DNS used to judge webhook hosts (creation, trigger); tests override it to play a DNS that lies. */
export const WEBHOOK_HOST_RESOLVER = Symbol('WEBHOOK_HOST_RESOLVER');

export type { HostResolver };
