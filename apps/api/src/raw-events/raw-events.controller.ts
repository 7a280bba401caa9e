import { Controller, Get, Param, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ContainerRepository, RawEventRepository } from '@quayside/data-access';
import type { JsonApiDocument } from '@quayside/json-api';
import type { FastifyRequest } from 'fastify';
import { JsonApiPresenter } from '../common/json-api-presenter.service';
import { ERROR_DOCUMENT, listDocument } from '../openapi/json-api-schemas';
import { RequiresActivePlan } from '../plans/requires-active-plan.decorator';
import type { AccountContext } from '../tenancy/account-context';
import { CurrentAccount } from '../tenancy/current-account.decorator';
import { NamedRecords } from '../tenancy/named-records.decorator';
import { RAW_EVENT_TYPE } from './raw-event.resource';
import { EXAMPLE_BASE_URL, SAMPLE_IDS } from '../openapi/example-documents';
import { RAW_EVENT_SCHEMA } from './raw-event.schema';

@ApiTags('Containers')
@NamedRecords({ kind: 'container', path: 'id' })
@Controller('containers')
export class RawEventsController {
  constructor(
    private readonly containers: ContainerRepository,
    private readonly rawEvents: RawEventRepository,
    private readonly presenter: JsonApiPresenter,
  ) {}

  @Get(':id/raw_events')
  @RequiresActivePlan('reading tracking data')
  @ApiOperation({
    summary: "Get a container's raw events",
    description:
      'Every event the shipping line and rail carriers reported for the container, as they reported it (`original_event`), with the normalized event it maps to. ' +
      'In the order received, then as the source listed them (`index`); estimates included (`estimated`), withdrawn or corrected ones marked by `invalidated_at`. ' +
      '`include` takes `container`, `location`, `terminal`, `transport_event`.',
  })
  @ApiParam({ name: 'id', description: 'Container id (uuid)' })
  @ApiQuery({ name: 'include', required: false, description: 'Comma list: container, location, terminal, transport_event.' })
  @ApiQuery({ name: 'page[number]', required: false, schema: { type: 'integer', default: 1 } })
  @ApiQuery({ name: 'page[size]', required: false, schema: { type: 'integer', default: 30, maximum: 100 } })
  @ApiOkResponse({
    schema: listDocument(RAW_EVENT_SCHEMA, 'Resources named in `include`.'),
    example: {
      data: [
        {
          id: 'ca6b760f-13e9-4bf6-ab49-3cf2e40757fb',
          type: 'raw_event',
          attributes: {
            event: 'vessel_loaded',
            mapped_event: 'container.transport.vessel_loaded',
            original_event: 'Vessel Loaded',
            timestamp: '2026-08-14T10:00:00.000Z',
            timezone: 'Asia/Shanghai',
            estimated: false,
            actual_at: '2026-08-14T10:00:00.000Z',
            actual_on: '2026-08-14',
            estimated_at: null,
            estimated_on: null,
            will_occur_at: null,
            index: 1,
            invalidated_at: null,
            location_locode: 'CNSHA',
            location_name: 'Shanghai',
            vessel_name: 'QUAYSIDE PIONEER',
            vessel_imo: '9312341',
            voyage_number: '012E',
            data_source: 'shipping_line',
            data_provider_code: 'TEST',
            data_provider_name: 'Quayside Test Line',
            created_at: '2026-08-14T10:05:00.000Z',
          },
        },
      ],
      links: { self: `${EXAMPLE_BASE_URL}/v2/containers/${SAMPLE_IDS.container}/raw_events?page%5Bnumber%5D=1&page%5Bsize%5D=30` },
      meta: { size: 30, total: 1 },
    },
  })
  @ApiResponse({ status: 401, description: 'The container belongs to another account.', schema: ERROR_DOCUMENT })
  @ApiResponse({ status: 403, description: 'The plan does not allow reading tracking data.', schema: ERROR_DOCUMENT })
  @ApiResponse({ status: 404, description: 'No such container.', schema: ERROR_DOCUMENT })
  async list(@CurrentAccount() account: AccountContext, @Param('id') id: string, @Req() request: FastifyRequest): Promise<JsonApiDocument> {
    const include = this.presenter.include(RAW_EVENT_TYPE, request);
    const page = this.presenter.page(request);
    await this.containers.findOwned(account, id);
    const result = await this.rawEvents.listForContainer(account, id, { offset: page.offset, limit: page.size });
    return this.presenter.paginated(RAW_EVENT_TYPE, result, page, request, account, include);
  }
}
