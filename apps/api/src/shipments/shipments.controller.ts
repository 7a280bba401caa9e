import { Body, Controller, Get, Param, Patch, Req } from '@nestjs/common';
import { ApiBody, ApiExtraModels, ApiOperation, ApiParam, ApiQuery, ApiResponse, ApiTags, getSchemaPath } from '@nestjs/swagger';
import { CustomFieldDefinitionRepository, ShipmentRepository } from '@quayside/data-access';
import type { ShipmentRecord } from '@quayside/data-access';
import type { JsonApiDocument } from '@quayside/json-api';
import type { FastifyRequest } from 'fastify';
import { listChanges } from '../common/list-changes';
import { JsonApiBody } from '../common/json-api-body.pipe';
import type { JsonApiInput } from '../common/json-api-body.pipe';
import { JsonApiPresenter } from '../common/json-api-presenter.service';
import { EntitlementsService } from '../plans/entitlements.service';
import { RequiresActivePlan } from '../plans/requires-active-plan.decorator';
import { railTerminalSchema } from '../rail-terminals/rail-terminal.openapi';
import { portSchema, shippingLineSchema, terminalSchema } from '../reference-data/reference-resources.openapi';
import type { AccountContext } from '../tenancy/account-context';
import { CurrentAccount } from '../tenancy/current-account.decorator';
import { NamedRecords } from '../tenancy/named-records.decorator';
import { ERROR_DOCUMENT, listDocument, requestDocument, singleDocument } from '../openapi/json-api-schemas';
import { UpdateShipmentAttributes } from './dto/update-shipment.dto';
import { SHIPMENT_TYPE } from './shipment.resource';
import { includedContainerSchema, shipmentSchema } from './shipment.openapi';
import {
  EDIT_SHIPMENT_BODY_EXAMPLE,
  EDITED_SHIPMENT_EXAMPLE,
  RESUMED_SHIPMENT_EXAMPLE,
  SHIPMENT_EXAMPLE,
  SHIPMENT_LIST_EXAMPLE,
  STOPPED_SHIPMENT_EXAMPLE,
} from './shipment.examples';
import { parseShipmentFilters } from './shipment-filters';
import { SwitchShipmentTrackingUseCase } from './switch-shipment-tracking.use-case';
import { withheldShipmentDocument } from './withheld-shipment.document';
import type { WithheldShipmentDocument } from './withheld-shipment.document';
import { customFieldFilters } from '../common/custom-field-filters';

const ERRORS = { schema: ERROR_DOCUMENT };
const INCLUDED = [includedContainerSchema, portSchema, terminalSchema, railTerminalSchema, shippingLineSchema];
const INCLUDE_DESCRIPTION =
  'Comma list of containers, port_of_lading, port_of_discharge, destination, pod_terminal, destination_terminal (a terminal or a rail_terminal), shipping_line (and dotted paths such as containers.pod_terminal).';

@ApiTags('Shipments')
@ApiExtraModels(UpdateShipmentAttributes)
@NamedRecords({ kind: 'shipment', path: 'id' })
@Controller('shipments')
export class ShipmentsController {
  constructor(
    private readonly shipments: ShipmentRepository,
    private readonly switchTracking: SwitchShipmentTrackingUseCase,
    private readonly presenter: JsonApiPresenter,
    private readonly definitions: CustomFieldDefinitionRepository,
    private readonly entitlements: EntitlementsService,
  ) {}

  @Get()
  @RequiresActivePlan('reading tracking data')
  @ApiOperation({
    summary: 'List shipments',
    description:
      'Oldest first by (created_at, id), so paging while shipments are added never skips or repeats one. Needs a trial or paid plan.',
  })
  @ApiQuery({ name: 'q', required: false, description: 'Bill of lading, reference number or container number, substring.' })
  @ApiQuery({ name: 'number', required: false, description: 'The number the shipment was tracked by (bill of lading or booking), exact.' })
  @ApiQuery({ name: 'filter[tracking_stopped]', required: false, type: Boolean })
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
  @ApiQuery({ name: 'include', required: false, description: INCLUDE_DESCRIPTION })
  @ApiResponse({ status: 200, schema: listDocument(shipmentSchema, INCLUDED), example: SHIPMENT_LIST_EXAMPLE })
  @ApiResponse({ status: 400, description: 'A malformed filter, page or include, named in `source.parameter`.', ...ERRORS })
  @ApiResponse({ status: 403, description: 'Free plan or ended trial.', ...ERRORS })
  async list(@CurrentAccount() account: AccountContext, @Req() request: FastifyRequest): Promise<JsonApiDocument> {
    const include = this.presenter.include(SHIPMENT_TYPE, request);
    const page = this.presenter.page(request);
    const customFields = await customFieldFilters(this.definitions, account, 'Shipment', queryOf(request));
    const result = await this.shipments.list(
      account,
      { ...parseShipmentFilters(queryOf(request)), ...(customFields ? { custom_fields: customFields } : {}) },
      page,
    );
    return this.presenter.paginated(SHIPMENT_TYPE, result, page, request, account, include);
  }

  @Get(':id')
  @RequiresActivePlan('reading tracking data')
  @ApiOperation({ summary: 'Get a shipment', description: 'Needs a trial or paid plan.' })
  @ApiParam({ name: 'id', description: 'Shipment id' })
  @ApiQuery({ name: 'include', required: false, description: INCLUDE_DESCRIPTION })
  @ApiResponse({ status: 200, schema: singleDocument(shipmentSchema, INCLUDED), example: SHIPMENT_EXAMPLE })
  @ApiResponse({ status: 401, description: "Another account's shipment (or no valid key).", ...ERRORS })
  @ApiResponse({ status: 404, ...ERRORS })
  async get(@CurrentAccount() account: AccountContext, @Param('id') id: string, @Req() request: FastifyRequest): Promise<JsonApiDocument> {
    const include = this.presenter.include(SHIPMENT_TYPE, request);
    return this.presenter.one(SHIPMENT_TYPE, await this.shipments.findOwnedShipment(account, id), account, include);
  }

  @Patch(':id')
  @RequiresActivePlan('reading tracking data')
  @ApiOperation({ summary: 'Edit a shipment', description: 'Replaces `ref_numbers` and/or `tags`. Needs a trial or paid plan.' })
  @ApiParam({ name: 'id', description: 'Shipment id' })
  @ApiBody({ schema: requestDocument(SHIPMENT_TYPE, getSchemaPath(UpdateShipmentAttributes)), examples: EDIT_SHIPMENT_BODY_EXAMPLE })
  @ApiResponse({ status: 200, schema: singleDocument(shipmentSchema), example: EDITED_SHIPMENT_EXAMPLE })
  @ApiResponse({ status: 401, ...ERRORS })
  @ApiResponse({ status: 404, ...ERRORS })
  @ApiResponse({ status: 422, ...ERRORS })
  async update(
    @CurrentAccount() account: AccountContext,
    @Param('id') id: string,
    @Body(new JsonApiBody(SHIPMENT_TYPE, UpdateShipmentAttributes)) body: JsonApiInput<UpdateShipmentAttributes>,
  ): Promise<JsonApiDocument> {
    const { ref_numbers, tags } = body.attributes;
    const updated = await this.shipments.update(account, id, listChanges(ref_numbers, tags));
    return this.presenter.one(SHIPMENT_TYPE, updated, account);
  }

  @Patch(':id/stop_tracking')
  @ApiOperation({
    summary: 'Stop tracking a shipment',
    description:
      'Stops tracking the shipment and all its containers (reason `cancelled_by_user`); its tracking requests move to `tracking_stopped` and `tracking_request.tracking_stopped` is emitted. Already collected data stays readable. Repeating it changes nothing. Allowed on every plan, so an account at its cap can always make room; on the free plan or an ended trial the answer carries only the shipment id and its stop (`meta.tracking_data_withheld`).',
  })
  @ApiParam({ name: 'id', description: 'Shipment id' })
  @ApiResponse({ status: 200, schema: singleDocument(shipmentSchema), example: STOPPED_SHIPMENT_EXAMPLE })
  @ApiResponse({ status: 401, ...ERRORS })
  @ApiResponse({ status: 404, ...ERRORS })
  async stop(@CurrentAccount() account: AccountContext, @Param('id') id: string): Promise<JsonApiDocument | WithheldShipmentDocument> {
    return this.switched(account, await this.switchTracking.stop(account, id));
  }

  @Patch(':id/resume_tracking')
  @ApiOperation({
    summary: 'Resume tracking a shipment',
    description:
      'Tracks the shipment again and refreshes it at once; its tracking requests move back to `succeeded` (no event). Information a source published only while it was stopped may be missing. On the free plan and the trial its containers count against the cap (403); on the free plan or an ended trial the answer carries only the shipment id and its stop (`meta.tracking_data_withheld`).',
  })
  @ApiParam({ name: 'id', description: 'Shipment id' })
  @ApiResponse({ status: 200, schema: singleDocument(shipmentSchema), example: RESUMED_SHIPMENT_EXAMPLE })
  @ApiResponse({ status: 401, ...ERRORS })
  @ApiResponse({ status: 403, description: "Resuming would pass the plan's active container cap.", ...ERRORS })
  @ApiResponse({ status: 404, ...ERRORS })
  async resume(@CurrentAccount() account: AccountContext, @Param('id') id: string): Promise<JsonApiDocument | WithheldShipmentDocument> {
    return this.switched(account, await this.switchTracking.resume(account, id));
  }

  /** Stop and resume are open to every plan; the tracking data in their answer is not. */
  private async switched(account: AccountContext, shipment: ShipmentRecord): Promise<JsonApiDocument | WithheldShipmentDocument> {
    if (!this.entitlements.readsTrackingData(account)) return withheldShipmentDocument(shipment, account.account.plan);
    return this.presenter.one(SHIPMENT_TYPE, shipment, account);
  }
}

function queryOf(request: FastifyRequest): Record<string, unknown> {
  return typeof request.query === 'object' && request.query !== null ? (request.query as Record<string, unknown>) : {};
}
