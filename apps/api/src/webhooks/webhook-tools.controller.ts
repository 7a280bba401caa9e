import { Body, Controller, Get, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { ApiBody, ApiExtraModels, ApiOkResponse, ApiOperation, ApiResponse, ApiTags, getSchemaPath } from '@nestjs/swagger';
import { EVENT_NAMES } from '@quayside/domain';
import type { DocumentMeta, JsonApiDocument } from '@quayside/json-api';
import type { FastifyRequest } from 'fastify';
import { JsonApiPresenter } from '../common/json-api-presenter.service';
import { RequiresActivePlan } from '../plans/requires-active-plan.decorator';
import type { AccountContext } from '../tenancy/account-context';
import { CurrentAccount } from '../tenancy/current-account.decorator';
import { NamedRecords } from '../tenancy/named-records.decorator';
import { TriggerWebhookInput } from './dto/trigger-webhook.dto';
import { TriggerWebhookUseCase } from './trigger-webhook.use-case';
import type { TriggerReport } from './trigger-webhook.use-case';
import { WEBHOOK_EVENT_CATEGORY_TYPE, webhookEventCategories } from './webhook-event-category.resource';
import { ERROR_DOCUMENT } from '../openapi/json-api-schemas';
import { EVENT_CATEGORIES_DOCUMENT, TRIGGER_REPORT_SCHEMA, WEBHOOK_IPS_DOCUMENT } from './webhook.schema';
import { EVENT_CATEGORIES_EXAMPLE, TRIGGER_BODY_EXAMPLE, TRIGGER_REPORT_EXAMPLE, WEBHOOK_IPS_EXAMPLE } from './webhook.examples';
import { WEBHOOKS_OPTIONS } from './webhooks.options';
import type { WebhooksOptions } from './webhooks.options';

const PLAN_403 = { status: 403, description: 'The plan does not allow webhooks (a trial or paid plan is needed).', schema: ERROR_DOCUMENT };

/** The catalog of events, the outbound addresses, and test deliveries. */
@ApiTags('Webhooks')
@ApiExtraModels(TriggerWebhookInput)
@RequiresActivePlan('webhooks')
@NamedRecords({ kind: 'webhook', body: [['webhook_id'], ['data', 'attributes', 'webhook_id']] })
@Controller('webhooks')
export class WebhookToolsController {
  constructor(
    private readonly trigger: TriggerWebhookUseCase,
    private readonly presenter: JsonApiPresenter,
    @Inject(WEBHOOKS_OPTIONS) private readonly options: WebhooksOptions,
  ) {}

  @Get('events')
  @ApiOperation({
    summary: 'List webhook events',
    description:
      `All ${EVENT_NAMES.length} event names in categories, each with its description and the account feature it needs ` +
      '(`available` says whether this account may subscribe to it).',
  })
  @ApiOkResponse({ schema: EVENT_CATEGORIES_DOCUMENT, example: EVENT_CATEGORIES_EXAMPLE })
  @ApiResponse(PLAN_403)
  async events(
    @CurrentAccount() account: AccountContext,
    @Req() request: FastifyRequest,
  ): Promise<JsonApiDocument & { meta: DocumentMeta & { events: number } }> {
    const categories = webhookEventCategories(account.account.features);
    const document = await this.presenter.all(WEBHOOK_EVENT_CATEGORY_TYPE, categories, request, account);
    return { ...document, meta: { size: categories.length, total: categories.length, events: EVENT_NAMES.length } };
  }

  @Get('ips')
  @ApiOperation({
    summary: 'List webhook IPs',
    description:
      'The addresses webhook deliveries leave from, for receivers that restrict inbound traffic (configuration `WEBHOOK_EGRESS_IPS`).',
  })
  @ApiOkResponse({ schema: WEBHOOK_IPS_DOCUMENT, example: WEBHOOK_IPS_EXAMPLE })
  @ApiResponse(PLAN_403)
  ips(): { webhook_notification_ips: string[]; last_updated: string } {
    return { webhook_notification_ips: [...this.options.egressIps], last_updated: this.options.egressIpsLoadedAt.toISOString() };
  }

  @Post('trigger')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Trigger a webhook test delivery',
    description:
      'Posts the example payload of `event` once, signed and delivered by the same rules as real notifications, and reports ' +
      'what the receiver answered. Either to `url` (signed with `secret` when given), or to a registered webhook (`webhook_id`: ' +
      'its URL, secret and custom headers). Nothing is recorded; 200 means the attempt was made, `succeeded` whether it was accepted.',
  })
  @ApiBody({ schema: { $ref: getSchemaPath(TriggerWebhookInput) }, examples: TRIGGER_BODY_EXAMPLE })
  @ApiOkResponse({ schema: TRIGGER_REPORT_SCHEMA, example: TRIGGER_REPORT_EXAMPLE })
  @ApiResponse({ status: 401, description: 'Missing key, or `webhook_id` of another account.', schema: ERROR_DOCUMENT })
  @ApiResponse(PLAN_403)
  @ApiResponse({ status: 404, description: 'No webhook with that `webhook_id`.', schema: ERROR_DOCUMENT })
  @ApiResponse({
    status: 422,
    description: 'Missing or unknown event, missing url, or a refused URL (pointer to the member).',
    schema: ERROR_DOCUMENT,
  })
  async triggerDelivery(@CurrentAccount() account: AccountContext, @Body() body: unknown): Promise<TriggerReport> {
    return this.trigger.execute(account, body);
  }
}
