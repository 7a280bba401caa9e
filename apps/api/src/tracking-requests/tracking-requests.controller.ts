import { Body, Controller, Get, HttpCode, Param, Patch, Post, Req } from '@nestjs/common';
import { ApiBody, ApiExtraModels, ApiHeader, ApiOperation, ApiParam, ApiQuery, ApiResponse, ApiTags, getSchemaPath } from '@nestjs/swagger';
import { CustomFieldDefinitionRepository, TrackingRequestRepository } from '@quayside/data-access';
import type { IncludeTree, JsonApiDocument } from '@quayside/json-api';
import type { FastifyRequest } from 'fastify';
import { distinct, listChanges } from '../common/list-changes';
import { JsonApiBody } from '../common/json-api-body.pipe';
import type { JsonApiInput } from '../common/json-api-body.pipe';
import { JsonApiPresenter } from '../common/json-api-presenter.service';
import { EntitlementsService } from '../plans/entitlements.service';
import { RateLimitBucket } from '../rate-limit/rate-limit-bucket.decorator';
import { PARTY_SCHEMA } from '../parties/party.schema';
import { shipmentSchema } from '../shipments/shipment.openapi';
import type { AccountContext } from '../tenancy/account-context';
import { CurrentAccount } from '../tenancy/current-account.decorator';
import { CreateTrackingRequestUseCase } from './create-tracking-request.use-case';
import { TrackingRequestCustomerService } from './tracking-request-customer.service';
import { CreateTrackingRequestAttributes } from './dto/create-tracking-request.dto';
import { InferNumberBody } from './dto/infer-number.dto';
import { UpdateTrackingRequestAttributes } from './dto/update-tracking-request.dto';
import { idempotencyKeyOf, requestFingerprint } from './idempotency-key';
import { InferNumberUseCase } from './infer-number.use-case';
import type { InferNumberDocument } from './infer-number.use-case';
import { ERROR_DOCUMENT, listDocument, requestDocument, singleDocument } from '../openapi/json-api-schemas';
import { readInferNumber } from './read-infer-number';
import { TRACKING_REQUEST_TYPE } from './tracking-request.resource';
import { TRACKING_REQUEST_WRITE_RELATIONSHIPS, inferNumberResultSchema, trackingRequestSchema } from './tracking-request.openapi';
import {
  CREATE_TRACKING_REQUEST_BODY_EXAMPLE,
  CREATED_TRACKING_REQUEST_EXAMPLE,
  EDIT_TRACKING_REQUEST_BODY_EXAMPLE,
  EDITED_TRACKING_REQUEST_EXAMPLE,
  INFER_NUMBER_BODY_EXAMPLE,
  INFER_NUMBER_RESULT_EXAMPLE,
  TRACKING_REQUEST_EXAMPLE,
  TRACKING_REQUEST_LIST_EXAMPLE,
} from './tracking-request.examples';
import { parseTrackingRequestFilters } from './tracking-request-filters';
import { customFieldFilters } from '../common/custom-field-filters';

const ERRORS = { schema: ERROR_DOCUMENT };

@ApiTags('Tracking requests')
@ApiExtraModels(CreateTrackingRequestAttributes, UpdateTrackingRequestAttributes, InferNumberBody)
@Controller('tracking_requests')
export class TrackingRequestsController {
  constructor(
    private readonly requests: TrackingRequestRepository,
    private readonly createRequest: CreateTrackingRequestUseCase,
    private readonly inferNumber: InferNumberUseCase,
    private readonly entitlements: EntitlementsService,
    private readonly presenter: JsonApiPresenter,
    private readonly definitions: CustomFieldDefinitionRepository,
    private readonly customers: TrackingRequestCustomerService,
  ) {}

  @Post()
  @HttpCode(201)
  @RateLimitBucket('create_tracking_request')
  @ApiOperation({
    summary: 'Create a tracking request',
    description: [
      'One number per request. Answers at once with status `pending` and no shipment data; the outcome arrives as a `tracking_request.*` event (and on GET).',
      'A request for a number, type and SCAC that the account already tracks (pending, awaiting_manifest or succeeded) is stored as `failed` with',
      '`failed_reason: duplicate`, `tracked_object` pointing at the shipment already tracked, and `tracking_request.failed` is emitted.',
      'Allowed on every plan; the free plan and the trial are held to 10 active containers (403). Rate limit: 100 per minute (bucket create_tracking_request).',
    ].join(' '),
  })
  @ApiHeader({
    name: 'Idempotency-Key',
    required: false,
    description:
      'Optional. The same key with the same body within 24 hours answers the stored response (same status and body) without creating anything; with another body, 422.',
  })
  @ApiBody({
    schema: requestDocument(TRACKING_REQUEST_TYPE, getSchemaPath(CreateTrackingRequestAttributes), TRACKING_REQUEST_WRITE_RELATIONSHIPS),
    examples: CREATE_TRACKING_REQUEST_BODY_EXAMPLE,
  })
  @ApiResponse({
    status: 201,
    description: 'Accepted (`pending`), or stored as a `duplicate` failure.',
    schema: singleDocument(trackingRequestSchema),
    example: CREATED_TRACKING_REQUEST_EXAMPLE,
  })
  @ApiResponse({ status: 403, description: "The plan's active container cap is reached.", ...ERRORS })
  @ApiResponse({
    status: 422,
    description:
      'Several numbers, a malformed number, an unknown SCAC, a line no source of this server serves (`meta.reason` `line_not_configured`, nothing stored), a line that does not track this kind of number or is not enabled for the account, or an Idempotency-Key reused with another body. Each error has a `source.pointer`.',
    ...ERRORS,
  })
  async create(
    @CurrentAccount() account: AccountContext,
    @Req() request: FastifyRequest,
    @Body(new JsonApiBody(TRACKING_REQUEST_TYPE, CreateTrackingRequestAttributes)) body: JsonApiInput<CreateTrackingRequestAttributes>,
  ): Promise<unknown> {
    const key = idempotencyKeyOf(request.headers);
    const idempotency = key === null ? null : { key, fingerprint: requestFingerprint(request.method, pathOf(request), request.body) };
    const customerId = (await this.customers.customerIdOf(account, body.relationships)) ?? null;
    return (await this.createRequest.execute(account, body.attributes, idempotency, customerId)).body;
  }

  @Post('infer_number')
  @HttpCode(200)
  @RateLimitBucket('infer_number')
  @ApiOperation({
    summary: 'Infer the kind and carrier of a tracking number',
    description:
      'Container numbers are recognized by their ISO 6346 form (check digit verified), lines by container owner codes and bill of lading prefixes. Rate limit: 200 per minute (bucket infer_number).',
  })
  @ApiBody({ schema: { $ref: getSchemaPath(InferNumberBody) }, examples: INFER_NUMBER_BODY_EXAMPLE })
  @ApiResponse({ status: 200, schema: inferNumberResultSchema, example: INFER_NUMBER_RESULT_EXAMPLE })
  @ApiResponse({
    status: 422,
    description:
      'Not one tracking number (missing, empty, a list, invalid characters, too short or long), or a number whose detected lines no source of this server serves (`/data/attributes/scac`, `meta.reason` `line_not_configured`).',
    ...ERRORS,
  })
  async infer(@Body() body: unknown): Promise<InferNumberDocument> {
    return this.inferNumber.execute(readInferNumber(body));
  }

  @Get()
  @ApiOperation({
    summary: 'List tracking requests',
    description:
      "Oldest first by (created_at, id), so paging while requests are added never skips or repeats one. `include=tracked_object` needs a trial or paid plan; `include=customer` (the account's party) does not.",
  })
  @ApiQuery({ name: 'q', required: false, description: 'Request number or reference number, substring.' })
  @ApiQuery({ name: 'page[number]', required: false, schema: { type: 'integer', default: 1 } })
  @ApiQuery({ name: 'page[size]', required: false, schema: { type: 'integer', default: 30, maximum: 100 } })
  @ApiQuery({
    name: 'page[after]',
    required: false,
    description: 'Opaque cursor from `links.next`: the rows after that one (docs/json-api.md, "Pagination").',
    schema: { type: 'string' },
  })
  @ApiQuery({
    name: 'page[before]',
    required: false,
    description: 'Opaque cursor from `links.prev`, or `end` (`links.last`): the rows before that one.',
    schema: { type: 'string' },
  })
  @ApiQuery({ name: 'filter[request_number]', required: false })
  @ApiQuery({
    name: 'filter[status]',
    required: false,
    description: 'Comma list of pending, awaiting_manifest, succeeded (or `created`), failed, tracking_stopped.',
  })
  @ApiQuery({ name: 'filter[scac]', required: false })
  @ApiQuery({ name: 'filter[created_at][start]', required: false, description: 'ISO 8601, inclusive.' })
  @ApiQuery({ name: 'filter[created_at][end]', required: false, description: 'ISO 8601, inclusive.' })
  @ApiQuery({ name: 'filter[updated_at][start]', required: false, description: 'ISO 8601, inclusive.' })
  @ApiQuery({ name: 'filter[updated_at][end]', required: false, description: 'ISO 8601, inclusive.' })
  @ApiQuery({ name: 'include', required: false, description: '`tracked_object` (the shipment), `customer` (the party).' })
  @ApiResponse({
    status: 200,
    schema: listDocument(trackingRequestSchema, [shipmentSchema, PARTY_SCHEMA]),
    example: TRACKING_REQUEST_LIST_EXAMPLE,
  })
  @ApiResponse({ status: 400, description: 'A malformed filter, page or include, named in `source.parameter`.', ...ERRORS })
  async list(@CurrentAccount() account: AccountContext, @Req() request: FastifyRequest): Promise<JsonApiDocument> {
    const include = this.presenter.include(TRACKING_REQUEST_TYPE, request);
    if (includesTrackingData(include)) this.entitlements.assertActivePlan(account, 'reading tracking data');
    const page = this.presenter.page(request);
    const customFields = await customFieldFilters(this.definitions, account, 'TrackingRequest', queryOf(request));
    const filters = { ...parseTrackingRequestFilters(queryOf(request)), ...(customFields ? { custom_fields: customFields } : {}) };
    const result = await this.requests.list(account, filters, page);
    return this.presenter.paginated(TRACKING_REQUEST_TYPE, result, page, request, account, include);
  }

  @Get(':id')
  @ApiOperation({
    summary: 'Get a tracking request',
    description: '`include=tracked_object` (the shipment) needs a trial or paid plan; `include=customer` (the party) does not.',
  })
  @ApiParam({ name: 'id', description: 'Tracking request id' })
  @ApiQuery({ name: 'include', required: false, description: '`tracked_object` (the shipment), `customer` (the party).' })
  @ApiResponse({
    status: 200,
    schema: singleDocument(trackingRequestSchema, [shipmentSchema, PARTY_SCHEMA]),
    example: TRACKING_REQUEST_EXAMPLE,
  })
  @ApiResponse({ status: 401, description: "Another account's request (or no valid key).", ...ERRORS })
  @ApiResponse({ status: 404, ...ERRORS })
  async get(@CurrentAccount() account: AccountContext, @Param('id') id: string, @Req() request: FastifyRequest): Promise<JsonApiDocument> {
    const include = this.presenter.include(TRACKING_REQUEST_TYPE, request);
    const found = await this.requests.findOwnedRequest(account, id);
    if (includesTrackingData(include)) this.entitlements.assertActivePlan(account, 'reading tracking data');
    return this.presenter.one(TRACKING_REQUEST_TYPE, found, account, include);
  }

  @Patch(':id')
  @ApiOperation({
    summary: 'Edit a tracking request',
    description:
      'Replaces `ref_numbers` and/or `tags` (the established API\'s single `ref_number` replaces the list with one; `shipment_tags` is its name for `tags`). `relationships.customer` links a party of the account (`{"data": null}` unlinks it).',
  })
  @ApiParam({ name: 'id', description: 'Tracking request id' })
  @ApiBody({
    schema: requestDocument(TRACKING_REQUEST_TYPE, getSchemaPath(UpdateTrackingRequestAttributes), TRACKING_REQUEST_WRITE_RELATIONSHIPS),
    examples: EDIT_TRACKING_REQUEST_BODY_EXAMPLE,
  })
  @ApiResponse({ status: 200, schema: singleDocument(trackingRequestSchema), example: EDITED_TRACKING_REQUEST_EXAMPLE })
  @ApiResponse({ status: 401, ...ERRORS })
  @ApiResponse({ status: 404, ...ERRORS })
  @ApiResponse({ status: 422, ...ERRORS })
  async update(
    @CurrentAccount() account: AccountContext,
    @Param('id') id: string,
    @Body(new JsonApiBody(TRACKING_REQUEST_TYPE, UpdateTrackingRequestAttributes)) body: JsonApiInput<UpdateTrackingRequestAttributes>,
  ): Promise<JsonApiDocument> {
    const { ref_numbers, ref_number, tags, shipment_tags } = body.attributes;
    const refNumbers = ref_numbers ?? (ref_number !== undefined ? [ref_number] : undefined);
    const allTags = tags === undefined && shipment_tags === undefined ? undefined : distinct([...(tags ?? []), ...(shipment_tags ?? [])]);
    // Ownership of the request is judged first (401/404), then the customer named.
    await this.requests.findOwnedRequest(account, id);
    const customerId = await this.customers.customerIdOf(account, body.relationships);
    const updated = await this.requests.update(account, id, {
      ...listChanges(refNumbers, allTags),
      ...(customerId !== undefined ? { customer_id: customerId } : {}),
    });
    return this.presenter.one(TRACKING_REQUEST_TYPE, updated, account);
  }
}

/**
 * Whether `include` reaches tracking data, which needs a trial or paid plan; the customer is the
 * account's own party, open on every plan like `/v2/parties` (docs/parties.md).
 */
function includesTrackingData(include: IncludeTree): boolean {
  return [...include.keys()].some((name) => name !== 'customer');
}

function queryOf(request: FastifyRequest): Record<string, unknown> {
  return typeof request.query === 'object' && request.query !== null ? (request.query as Record<string, unknown>) : {};
}

function pathOf(request: FastifyRequest): string {
  return request.url.split('?')[0] ?? '';
}
