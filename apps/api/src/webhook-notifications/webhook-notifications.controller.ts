import { Body, Controller, Get, HttpCode, Inject, Param, Post, Req } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiParam, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import { WebhookNotificationQueryRepository } from '@quayside/data-access';
import type { WebhookNotificationEntity } from '@quayside/data-access';
import { DELIVERY_STATUSES, EVENT_NAMES, badRequest } from '@quayside/domain';
import type { EventName } from '@quayside/domain';
import { ResourceRegistry } from '@quayside/json-api';
import type { JsonApiDocument } from '@quayside/json-api';
import { WebhookRedeliveryService, sampleNotificationPayload } from '@quayside/webhooks';
import type { WebhookNotificationPayload } from '@quayside/webhooks';
import type { FastifyRequest } from 'fastify';
import { JsonApiPresenter } from '../common/json-api-presenter.service';
import { PUBLIC_BASE_URL } from '../common/json-api-options';
import { RequiresActivePlan } from '../plans/requires-active-plan.decorator';
import type { AccountContext } from '../tenancy/account-context';
import { CurrentAccount } from '../tenancy/current-account.decorator';
import { NamedRecords } from '../tenancy/named-records.decorator';
import { ERROR_DOCUMENT, listDocument, singleDocument } from '../openapi/json-api-schemas';
import { parseNotificationFilters, queryText } from './notification-filters';
import { RedeliverFailedNotificationsUseCase } from './redeliver-failed-notifications.use-case';
import type { BulkRedeliveryResult } from './redeliver-failed-notifications.use-case';
import { parseNotificationInclude, withReferenceObjects } from './reference-objects';
import { WEBHOOK_NOTIFICATION_TYPE } from './webhook-notification.resource';
import { WEBHOOK_NOTIFICATION_RESOURCE_SCHEMA } from './webhook-notification.schema';
import {
  NOTIFICATION_EXAMPLE,
  NOTIFICATION_LIST_EXAMPLE,
  NOTIFICATION_PAYLOAD_EXAMPLE,
  REDELIVER_BODY_EXAMPLE,
  REDELIVER_RESULT_EXAMPLE,
  REDELIVERED_NOTIFICATION_EXAMPLE,
} from './webhook-notification.examples';
import { WEBHOOK_PAYLOAD_INCLUDED } from './webhook-payload-resources.schema';

const INCLUDED = '`webhook`, and `reference_object`: the record the notification is about, as it was delivered.';
const ID_PARAM = { name: 'id', description: 'Webhook notification id (uuid)' };
const PLAN_403 = { status: 403, description: 'The plan does not allow webhooks (a trial or paid plan is needed).', schema: ERROR_DOCUMENT };
const TENANCY_401 = { status: 401, description: 'Missing key, or a notification of another account.', schema: ERROR_DOCUMENT };
const NOT_FOUND_404 = { status: 404, description: 'No such notification.', schema: ERROR_DOCUMENT };

function queryOf(request: FastifyRequest): Record<string, unknown> {
  return typeof request.query === 'object' && request.query !== null ? (request.query as Record<string, unknown>) : {};
}

/** The example `GET /v2/webhook_notifications/examples` shows without `event`. */
const DEFAULT_EXAMPLE_EVENT: EventName = 'tracking_request.succeeded';
@ApiTags('Webhook Notifications')
@RequiresActivePlan('webhooks')
@NamedRecords(
  { kind: 'webhook_notification', path: 'id' },
  { kind: 'webhook', query: 'filter[webhook_id]' },
  { kind: 'webhook', query: 'webhook_id' },
  { kind: 'webhook', body: [['data', 'attributes', 'webhook_id']] },
)
@Controller('webhook_notifications')
export class WebhookNotificationsController {
  constructor(
    private readonly notifications: WebhookNotificationQueryRepository,
    private readonly redelivery: WebhookRedeliveryService,
    private readonly redeliverFailed: RedeliverFailedNotificationsUseCase,
    private readonly registry: ResourceRegistry<AccountContext>,
    private readonly presenter: JsonApiPresenter,
    @Inject(PUBLIC_BASE_URL) private readonly baseUrl: string,
  ) {}

  @Get()
  @ApiOperation({
    summary: 'List webhook notifications',
    description:
      'Notifications of the account with their delivery state, oldest first by `(created_at, id)`; useful to reconcile after an outage. Filters combine with AND.',
  })
  @ApiQuery({ name: 'filter[webhook_id]', required: false, description: 'Notifications of one webhook.' })
  @ApiQuery({ name: 'filter[event]', required: false, enum: EVENT_NAMES })
  @ApiQuery({ name: 'filter[delivery_status]', required: false, enum: DELIVERY_STATUSES })
  @ApiQuery({ name: 'filter[created_at][start]', required: false, description: 'ISO 8601; created at or after.' })
  @ApiQuery({ name: 'filter[created_at][end]', required: false, description: 'ISO 8601; created at or before.' })
  @ApiQuery({ name: 'include', required: false, description: 'Comma list: webhook, reference_object.' })
  @ApiQuery({ name: 'page[number]', required: false, schema: { type: 'integer', default: 1 } })
  @ApiQuery({ name: 'page[size]', required: false, schema: { type: 'integer', default: 30, maximum: 100 } })
  @ApiOkResponse({ schema: listDocument(WEBHOOK_NOTIFICATION_RESOURCE_SCHEMA, INCLUDED), example: NOTIFICATION_LIST_EXAMPLE })
  @ApiResponse({
    status: 400,
    description: 'A malformed filter, page or include parameter (named in `source.parameter`).',
    schema: ERROR_DOCUMENT,
  })
  @ApiResponse(PLAN_403)
  async list(@CurrentAccount() account: AccountContext, @Req() request: FastifyRequest): Promise<JsonApiDocument> {
    const query = queryOf(request);
    const include = parseNotificationInclude(this.registry, query['include']);
    const page = this.presenter.page(request);
    const filters = parseNotificationFilters(query);
    const result = await this.notifications.listPage(account, filters, page, { withPayload: include.referenceObject });
    const document = await this.presenter.paginated(WEBHOOK_NOTIFICATION_TYPE, result, page, request, account, include.tree);
    return withReferenceObjects(document, result.rows, include.referenceObject);
  }

  @Get('examples')
  @ApiOperation({
    summary: 'Get webhook notification payload examples',
    description:
      'The body a receiver gets for `event`, built by the same code as real deliveries (sample records). Without `event`, the example of `tracking_request.succeeded`, the notification every integration meets first.',
  })
  @ApiQuery({ name: 'event', required: false, enum: EVENT_NAMES })
  @ApiOkResponse({
    description: 'The reference object first in `included`, then the related records of that event.',
    schema: listDocument(WEBHOOK_NOTIFICATION_RESOURCE_SCHEMA, WEBHOOK_PAYLOAD_INCLUDED),
    example: NOTIFICATION_PAYLOAD_EXAMPLE,
  })
  @ApiResponse({ status: 400, description: 'Unknown `event` (named).', schema: ERROR_DOCUMENT })
  @ApiResponse(PLAN_403)
  examples(@Req() request: FastifyRequest): {
    data: WebhookNotificationPayload['data'][];
    included: WebhookNotificationPayload['included'];
    links: { self: string };
    meta: { size: number; total: number };
  } {
    // Optional, as in the established API's description (its live service refuses a missing one).
    const given = queryText(queryOf(request), 'event');
    const event = given === undefined || given === '' ? DEFAULT_EXAMPLE_EVENT : given;
    if (!(EVENT_NAMES as readonly string[]).includes(event)) {
      throw badRequest(`"${event}" is not a known event name; GET /v2/webhooks/events lists them.`, { parameter: 'event' });
    }
    const payload = sampleNotificationPayload(event as EventName);
    // Absolute, as every other list's links are.
    return {
      data: [payload.data],
      included: payload.included,
      links: { self: `${this.baseUrl}${request.url}` },
      meta: { size: 1, total: 1 },
    };
  }

  @Post('redeliver')
  @HttpCode(202)
  @ApiOperation({
    summary: 'Redeliver failed notifications (beyond the established API)',
    description:
      'Every `failed` notification of the account created at or after `since` (of one webhook with `webhook_id`), oldest first, up to 1000 per call, ' +
      'goes back to `pending` with a fresh series of attempts under the same id and body. Give `{"data": {"attributes": {"since": ..., "webhook_id": ...}}}` ' +
      'or the query `?since=...&webhook_id=...`. Answers how many were queued; when that reaches `limit`, call again.',
  })
  @ApiBody({
    required: false,
    examples: REDELIVER_BODY_EXAMPLE,
    schema: {
      type: 'object',
      properties: {
        data: {
          type: 'object',
          properties: {
            type: { type: 'string', enum: ['webhook_notification_redelivery'] },
            attributes: {
              type: 'object',
              required: ['since'],
              properties: { since: { type: 'string', format: 'date-time' }, webhook_id: { type: 'string', format: 'uuid' } },
            },
          },
        },
      },
    },
  })
  @ApiQuery({ name: 'since', required: false, description: 'ISO 8601, when not given in the body.' })
  @ApiQuery({ name: 'webhook_id', required: false })
  @ApiResponse({
    status: 202,
    description: 'Queued.',
    schema: {
      type: 'object',
      properties: {
        meta: {
          type: 'object',
          properties: {
            queued: { type: 'integer' },
            notification_ids: { type: 'array', items: { type: 'string', format: 'uuid' } },
            since: { type: 'string', format: 'date-time' },
            webhook_id: { type: 'string', format: 'uuid', nullable: true },
            limit: { type: 'integer', example: 1000 },
          },
        },
      },
    },
    example: REDELIVER_RESULT_EXAMPLE,
  })
  @ApiResponse({ status: 401, description: 'Missing key, or `webhook_id` of another account.', schema: ERROR_DOCUMENT })
  @ApiResponse(PLAN_403)
  @ApiResponse({ status: 404, description: 'No webhook with that `webhook_id`.', schema: ERROR_DOCUMENT })
  @ApiResponse({
    status: 422,
    description: 'Missing or malformed `since` or `webhook_id` in the body (400 when given as query parameters).',
    schema: ERROR_DOCUMENT,
  })
  async redeliverAllFailed(
    @CurrentAccount() account: AccountContext,
    @Body() body: unknown,
    @Req() request: FastifyRequest,
  ): Promise<BulkRedeliveryResult> {
    return this.redeliverFailed.execute(account, body, queryOf(request));
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get a single webhook notification' })
  @ApiParam(ID_PARAM)
  @ApiQuery({ name: 'include', required: false, description: 'Comma list: webhook, reference_object.' })
  @ApiOkResponse({ schema: singleDocument(WEBHOOK_NOTIFICATION_RESOURCE_SCHEMA, INCLUDED), example: NOTIFICATION_EXAMPLE })
  @ApiResponse(TENANCY_401)
  @ApiResponse(PLAN_403)
  @ApiResponse(NOT_FOUND_404)
  async get(@CurrentAccount() account: AccountContext, @Param('id') id: string, @Req() request: FastifyRequest): Promise<JsonApiDocument> {
    const include = parseNotificationInclude(this.registry, queryOf(request)['include']);
    return this.present(await this.notifications.findOwned(account, id), account, include);
  }

  @Post(':id/redeliver')
  @HttpCode(202)
  @ApiOperation({
    summary: 'Redeliver one notification (beyond the established API)',
    description:
      'Sends the notification again, whatever its state: back to `pending`, `attempts` 0, a fresh series of up to 13 attempts with the same id and body. ' +
      'A series still running for it is closed first. Answers the notification as reset.',
  })
  @ApiParam(ID_PARAM)
  @ApiResponse({
    status: 202,
    description: 'Queued.',
    schema: singleDocument(WEBHOOK_NOTIFICATION_RESOURCE_SCHEMA),
    example: REDELIVERED_NOTIFICATION_EXAMPLE,
  })
  @ApiResponse(TENANCY_401)
  @ApiResponse(PLAN_403)
  @ApiResponse(NOT_FOUND_404)
  async redeliver(@CurrentAccount() account: AccountContext, @Param('id') id: string): Promise<JsonApiDocument> {
    return this.present(await this.redelivery.redeliver(account, id), account, { tree: new Map(), referenceObject: false });
  }

  private async present(
    row: WebhookNotificationEntity,
    account: AccountContext,
    include: ReturnType<typeof parseNotificationInclude>,
  ): Promise<JsonApiDocument> {
    const document = await this.presenter.one(WEBHOOK_NOTIFICATION_TYPE, row, account, include.tree);
    return withReferenceObjects(document, [row], include.referenceObject);
  }
}
