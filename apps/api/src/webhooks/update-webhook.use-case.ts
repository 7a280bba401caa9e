import { Injectable } from '@nestjs/common';
import { WebhookRegistrationRepository } from '@quayside/data-access';
import type { WebhookChanges, WebhookEntity } from '@quayside/data-access';
import { unprocessableEntity } from '@quayside/domain';
import type { EventName, ValidationIssue } from '@quayside/domain';
import type { AccountContext } from '../tenancy/account-context';
import type { UpdateWebhookAttributes } from './dto/update-webhook.dto';
import { eventIssues, headerIssues } from './webhook-attributes.rules';
import { WebhookUrlChecker } from './webhook-url-checker.service';

/** Changes what the owner sent, checked as on creation; ownership is settled first (401/404 before 422). */
@Injectable()
export class UpdateWebhookUseCase {
  constructor(
    private readonly webhooks: WebhookRegistrationRepository,
    private readonly urls: WebhookUrlChecker,
  ) {}

  async execute(account: AccountContext, id: string, attributes: UpdateWebhookAttributes): Promise<WebhookEntity> {
    await this.webhooks.findOwned(account, id);
    const issues: ValidationIssue[] = [];
    if (attributes.url !== undefined) {
      const urlIssue = await this.urls.issue(attributes.url, '/data/attributes/url');
      if (urlIssue) issues.push(urlIssue);
    }
    if (attributes.events !== undefined) issues.push(...eventIssues(attributes.events, account.account.features));
    const headers = attributes.headers === null ? [] : attributes.headers;
    if (headers !== undefined) issues.push(...headerIssues(headers));
    if (issues.length > 0) throw unprocessableEntity(issues);
    const changes: WebhookChanges = {};
    if (attributes.url !== undefined) changes.url = attributes.url;
    if (attributes.active !== undefined) changes.active = attributes.active;
    if (attributes.events !== undefined) changes.events = attributes.events as EventName[];
    if (headers !== undefined) changes.headers = headers.map(({ name, value }) => ({ name, value }));
    return this.webhooks.update(account, id, changes);
  }
}
