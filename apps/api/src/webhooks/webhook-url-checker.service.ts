import { Inject, Injectable } from '@nestjs/common';
import type { ValidationIssue } from '@quayside/domain';
import { UnsafeWebhookUrlError, assertSafeWebhookUrl } from '@quayside/webhooks';
import type { HostResolver } from '@quayside/webhooks';
import { WEBHOOKS_OPTIONS, WEBHOOK_HOST_RESOLVER } from './webhooks.options';
import type { WebhooksOptions } from './webhooks.options';

/**
 * Judges a webhook URL before it is stored or called (docs/webhooks.md, URL safety): scheme,
 * credentials, and every address the host resolves to. Delivery checks again at connect time.
 */
@Injectable()
export class WebhookUrlChecker {
  constructor(
    @Inject(WEBHOOKS_OPTIONS) private readonly options: WebhooksOptions,
    @Inject(WEBHOOK_HOST_RESOLVER) private readonly resolve: HostResolver,
  ) {}

  /** Null when the URL may be used; otherwise a 422 issue at `pointer` saying why. */
  async issue(url: string, pointer: string): Promise<ValidationIssue | null> {
    try {
      await assertSafeWebhookUrl(url, this.options.urlPolicy, this.resolve);
      return null;
    } catch (error) {
      if (!(error instanceof UnsafeWebhookUrlError)) throw error;
      return { pointer, detail: `The webhook URL is refused: ${error.reason}.`, code: 'invalid', meta: { reason: error.reason } };
    }
  }
}
