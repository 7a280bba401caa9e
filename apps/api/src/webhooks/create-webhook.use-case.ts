import { Injectable } from '@nestjs/common';
import { WebhookRegistrationRepository } from '@quayside/data-access';
import type { WebhookEntity } from '@quayside/data-access';
import { unprocessableEntity } from '@quayside/domain';
import type { EventName, ValidationIssue } from '@quayside/domain';
import { generateWebhookSecret } from '@quayside/webhooks';
import type { AccountContext } from '../tenancy/account-context';
import type { CreateWebhookAttributes } from './dto/create-webhook.dto';
import { eventIssues, headerIssues } from './webhook-attributes.rules';
import { WebhookUrlChecker } from './webhook-url-checker.service';

/** Registers a webhook once its URL is safe to call and its events and headers make sense; the secret is generated here. */
@Injectable()
export class CreateWebhookUseCase {
  constructor(
    private readonly webhooks: WebhookRegistrationRepository,
    private readonly urls: WebhookUrlChecker,
  ) {}

  async execute(account: AccountContext, attributes: CreateWebhookAttributes): Promise<WebhookEntity> {
    const headers = attributes.headers ?? [];
    const issues: ValidationIssue[] = [...eventIssues(attributes.events, account.account.features), ...headerIssues(headers)];
    const urlIssue = await this.urls.issue(attributes.url, '/data/attributes/url');
    if (urlIssue) issues.unshift(urlIssue);
    if (issues.length > 0) throw unprocessableEntity(issues);
    return this.webhooks.create(account, {
      url: attributes.url,
      active: attributes.active ?? true,
      events: attributes.events as EventName[],
      headers: headers.map(({ name, value }) => ({ name, value })),
      secret: generateWebhookSecret(),
      format: attributes.format ?? 'json_api',
    });
  }
}
