import { Controller, Get, Param } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import { MetroAreaRepository } from '@quayside/data-access';
import { notFound } from '@quayside/domain';
import type { JsonApiDocument } from '@quayside/json-api';
import { JsonApiPresenter } from '../common/json-api-presenter.service';
import { ERROR_DOCUMENT, singleDocument } from '../openapi/json-api-schemas';
import type { AccountContext } from '../tenancy/account-context';
import { CurrentAccount } from '../tenancy/current-account.decorator';
import { METRO_AREA_TYPE } from './metro-area.resource';
import { METRO_AREA_SCHEMA } from './metro-area.schema';
import { METRO_AREA_EXAMPLE } from './metro-area.examples';

/** Metro areas are reference data: any authenticated account on any plan reads them (docs/search.md). */
@ApiTags('Metro Areas')
@Controller('metro_areas')
export class MetroAreasController {
  constructor(
    private readonly metroAreas: MetroAreaRepository,
    private readonly presenter: JsonApiPresenter,
  ) {}

  @Get(':id')
  @ApiOperation({ summary: 'Get a metro area using the un/locode or the id', description: 'Return the details of a single metro area.' })
  @ApiParam({ name: 'id', description: 'Metro area id (uuid), or its UN/LOCODE (e.g. USCHI, any case)' })
  @ApiResponse({ status: 200, schema: singleDocument(METRO_AREA_SCHEMA), example: METRO_AREA_EXAMPLE })
  @ApiResponse({
    status: 404,
    description: 'No such metro area (also for anything that is neither an id nor a UN/LOCODE).',
    schema: ERROR_DOCUMENT,
  })
  async get(@CurrentAccount() account: AccountContext, @Param('id') id: string): Promise<JsonApiDocument> {
    const area = await this.metroAreas.find(id);
    if (area === null) throw notFound(METRO_AREA_TYPE, id);
    return this.presenter.one(METRO_AREA_TYPE, area, account);
  }
}
