import type { OnApplicationShutdown } from '@nestjs/common';
import { Inject, Injectable } from '@nestjs/common';
import { WebhookRegistrationRepository } from '@quayside/data-access';
import type { WebhookEntity } from '@quayside/data-access';
import { badRequest, unprocessableEntity } from '@quayside/domain';
import type { EventName, ValidationIssue, WebhookHeader } from '@quayside/domain';
import {
  STANDARD_WEBHOOK_ID_HEADER,
  STANDARD_WEBHOOK_TIMESTAMP_HEADER,
  WebhookDeliveryClient,
  sampleNotificationPayload,
  signWebhook,
} from '@quayside/webhooks';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { validationErrorsToIssues } from '../common/validation-issues';
import type { AccountContext } from '../tenancy/account-context';
import { TriggerWebhookInput } from './dto/trigger-webhook.dto';
import { isEventName } from './webhook-attributes.rules';
import { WebhookUrlChecker } from './webhook-url-checker.service';
import { WEBHOOKS_OPTIONS, WEBHOOK_HOST_RESOLVER } from './webhooks.options';
import type { HostResolver, WebhooksOptions } from './webhooks.options';

/** What `POST /v2/webhooks/trigger` answers: the established API's fields, plus ids and the time taken. */
export interface TriggerReport {
  url: string;
  event: string;
  webhook_id: string | null;
  /** The `webhook-id` of this test delivery (a fresh id each time). */
  notification_id: string;
  succeeded: boolean;
  error: string | null;
  status_code: number | null;
  duration_ms: number;
  request_headers: Record<string, string>;
  request_body: string;
  response_headers: Record<string, string> | null;
  /** At most 20 KB of what the receiver answered. */
  response_body: string | null;
}

interface Target {
  url: string;
  secret: string | null;
  headers: readonly WebhookHeader[];
  webhook: WebhookEntity | null;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Sends one example notification and reports the receiver's answer. It goes through the same
 * client, URL rules and signing as real deliveries (timeout, no redirects, connect-time address
 * check, 20 KB kept), and records nothing: it is a test, not a notification.
 */
@Injectable()
export class TriggerWebhookUseCase implements OnApplicationShutdown {
  private readonly client: WebhookDeliveryClient;

  constructor(
    private readonly webhooks: WebhookRegistrationRepository,
    private readonly urls: WebhookUrlChecker,
    @Inject(WEBHOOKS_OPTIONS) options: WebhooksOptions,
    @Inject(WEBHOOK_HOST_RESOLVER) resolve: HostResolver,
  ) {
    this.client = new WebhookDeliveryClient({ policy: options.urlPolicy, timeoutMs: options.triggerTimeoutMs, resolve });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.client.close();
  }

  async execute(account: AccountContext, body: unknown): Promise<TriggerReport> {
    const { input, base } = await this.read(body);
    const target = await this.target(account, input, base);
    const notificationId = randomUUID();
    const payload = sampleNotificationPayload(input.event as EventName, {
      notificationId,
      createdAt: new Date(),
      ...(target.webhook ? { webhookId: target.webhook.id } : {}),
    });
    const requestBody = JSON.stringify(payload);
    const timestamp = Math.floor(Date.now() / 1000);
    const signatureHeaders: Record<string, string> = target.secret
      ? { ...signWebhook({ secret: target.secret, id: notificationId, timestamp, body: requestBody }) }
      : { [STANDARD_WEBHOOK_ID_HEADER]: notificationId, [STANDARD_WEBHOOK_TIMESTAMP_HEADER]: String(timestamp) };
    const started = performance.now();
    const result = await this.client.post({ url: target.url, body: requestBody, signatureHeaders, customHeaders: target.headers });
    return {
      url: target.url,
      event: input.event,
      webhook_id: target.webhook?.id ?? null,
      notification_id: notificationId,
      succeeded: result.succeeded,
      error: result.error,
      status_code: result.status,
      duration_ms: Math.round(performance.now() - started),
      request_headers: result.requestHeaders,
      request_body: requestBody,
      response_headers: result.responseHeaders,
      response_body: result.responseBody,
    };
  }

  /** The established API's flat body, or the same members under `data.attributes` (pointers follow the form used). */
  private async read(body: unknown): Promise<{ input: TriggerWebhookInput; base: string }> {
    if (!isObject(body)) throw badRequest('The request body must be a JSON object: {"url": ..., "event": ...}.', { pointer: '' });
    const wrapped = isObject(body['data']);
    const raw = wrapped ? (body['data'] as Record<string, unknown>)['attributes'] : body;
    const base = wrapped ? '/data/attributes' : '';
    if (!isObject(raw)) throw unprocessableEntity({ pointer: base || '/', detail: 'attributes must be an object.' });
    const input = plainToInstance(TriggerWebhookInput, raw);
    const issues = validationErrorsToIssues(await validate(input, { whitelist: true, forbidUnknownValues: true }), base);
    if (issues.length === 0 && !isEventName(input.event)) {
      issues.push({
        pointer: `${base}/event`,
        detail: `"${input.event}" is not a known event name; GET /v2/webhooks/events lists them.`,
        meta: { event: input.event },
      });
    }
    if (input.url === undefined && input.webhook_id === undefined) {
      issues.push({ pointer: `${base}/url`, detail: 'url is required (or webhook_id, to send to a registered webhook).' });
    }
    if (input.webhook_id !== undefined && (input.url !== undefined || input.secret !== undefined)) {
      issues.push({ pointer: `${base}/webhook_id`, detail: "Give webhook_id alone: the webhook's own URL and secret are used." });
    }
    if (issues.length > 0) throw unprocessableEntity(issues);
    return { input, base };
  }

  private async target(account: AccountContext, input: TriggerWebhookInput, base: string): Promise<Target> {
    if (input.webhook_id !== undefined) {
      const webhook = await this.webhooks.findOwned(account, input.webhook_id);
      return { url: webhook.url, secret: webhook.secret, headers: webhook.headers, webhook };
    }
    const url = input.url ?? '';
    const issue: ValidationIssue | null = await this.urls.issue(url, `${base}/url`);
    if (issue) throw unprocessableEntity(issue);
    return { url, secret: input.secret ?? null, headers: [], webhook: null };
  }
}
