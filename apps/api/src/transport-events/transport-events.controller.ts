import { Controller, Get, Param, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { JsonApiDocument } from '@quayside/json-api';
import type { FastifyRequest } from 'fastify';
import { JsonApiPresenter } from '../common/json-api-presenter.service';
import { ERROR_DOCUMENT, listDocument } from '../openapi/json-api-schemas';
import { RequiresActivePlan } from '../plans/requires-active-plan.decorator';
import type { AccountContext } from '../tenancy/account-context';
import { CurrentAccount } from '../tenancy/current-account.decorator';
import { NamedRecords } from '../tenancy/named-records.decorator';
import { TRANSPORT_EVENT_TYPE } from './transport-event.resource';
import { TRANSPORT_EVENT_SCHEMA } from './transport-event.schema';
import { RAIL_TRANSPORT_EVENTS_EXAMPLE, TRANSPORT_EVENTS_EXAMPLE } from './transport-event.examples';
import { CONTAINER_SCHEMA } from '../containers/container.schema';
import { RAW_EVENT_SCHEMA } from '../raw-events/raw-event.schema';
import { railTerminalSchema } from '../rail-terminals/rail-terminal.openapi';
import { portSchema, terminalSchema } from '../reference-data/reference-resources.openapi';
import { shipmentSchema } from '../shipments/shipment.openapi';
import { TransportEventsQueryService } from './transport-events-query.service';

@ApiTags('Containers')
@NamedRecords({ kind: 'container', path: 'id' })
@Controller('containers')
export class TransportEventsController {
  constructor(
    private readonly queries: TransportEventsQueryService,
    private readonly presenter: JsonApiPresenter,
  ) {}

  @Get(':id/transport_events')
  @RequiresActivePlan('reading tracking data')
  @ApiOperation({
    summary: "Get a container's transport events",
    description:
      'Normalized milestones of the container, each with its `timestamp` in UTC and the IANA `timezone` of where it happened. ' +
      'Listed in the order they were stored, `(created_at, id)`; sort by `timestamp` for the chronology. No estimated events. ' +
      '`include` takes `shipment`, `container`, `location` (port), `terminal`, `previous_version` (the version a correction supersedes), `source_event` (raw event). ' +
      'An event\'s `terminal` is a `terminal` of the reference data, or, for a rail event at the inland ramp a rail carrier reported for the container, a `rail_terminal` (docs/containers.md, "Rail terminals"); both include as themselves.',
  })
  @ApiParam({ name: 'id', description: 'Container id (uuid)' })
  @ApiQuery({
    name: 'include',
    required: false,
    description: 'Comma list: shipment, container, location, terminal (a terminal or a rail_terminal), previous_version, source_event.',
  })
  @ApiQuery({ name: 'page[number]', required: false, schema: { type: 'integer', default: 1 } })
  @ApiQuery({ name: 'page[size]', required: false, schema: { type: 'integer', default: 30, maximum: 100 } })
  @ApiOkResponse({
    schema: listDocument(TRANSPORT_EVENT_SCHEMA, [
      shipmentSchema,
      CONTAINER_SCHEMA,
      portSchema,
      terminalSchema,
      railTerminalSchema,
      TRANSPORT_EVENT_SCHEMA,
      RAW_EVENT_SCHEMA,
    ]),
    examples: {
      discharged: { summary: 'Discharged at the port of discharge', value: TRANSPORT_EVENTS_EXAMPLE },
      rail_arrived: { summary: 'Arrived by rail at the inland ramp, with include=terminal', value: RAIL_TRANSPORT_EVENTS_EXAMPLE },
    },
  })
  @ApiResponse({ status: 401, description: 'The container belongs to another account.', schema: ERROR_DOCUMENT })
  @ApiResponse({ status: 404, description: 'No such container.', schema: ERROR_DOCUMENT })
  async list(@CurrentAccount() account: AccountContext, @Param('id') id: string, @Req() request: FastifyRequest): Promise<JsonApiDocument> {
    const include = this.presenter.include(TRANSPORT_EVENT_TYPE, request);
    const page = this.presenter.page(request);
    const result = await this.queries.listForContainer(account, id, page);
    return this.presenter.paginated(TRANSPORT_EVENT_TYPE, result, page, request, account, include);
  }
}
