import { Controller, Get, Param } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ReferenceResourceRepository } from '@quayside/data-access';
import { ERROR_DOCUMENT } from '../openapi/json-api-schemas';
import { RequiresActivePlan } from '../plans/requires-active-plan.decorator';
import { RequiresFeature } from '../plans/requires-feature.decorator';
import type { AccountContext } from '../tenancy/account-context';
import { CurrentAccount } from '../tenancy/current-account.decorator';
import { NamedRecords } from '../tenancy/named-records.decorator';
import { buildContainerMap } from './container-map.builder';
import type { FeatureCollection } from './container-map.builder';
import { routeDocument } from './route-document';
import { MAP_SCHEMA, ROUTE_SCHEMA } from './routing.schema';
import { MAP_EXAMPLE, ROUTE_EXAMPLE } from './routing.examples';
import { RoutingService } from './routing.service';

const ID_PARAM = { name: 'id', description: 'Container id (uuid)' };
const REFUSALS = [
  { status: 401, description: 'The container belongs to another account.', schema: ERROR_DOCUMENT },
  {
    status: 403,
    description:
      'The account is not enabled for routing data (`feature_not_enabled`), or its plan is free or an ended trial (`plan_not_allowed`).',
    schema: ERROR_DOCUMENT,
  },
  { status: 404, description: 'No such container.', schema: ERROR_DOCUMENT },
];

/** A container's route and map (feature `routing`, docs/vessels-and-maps.md). */
@ApiTags('Routing (Paid)')
@NamedRecords({ kind: 'container', path: 'id' })
@Controller('containers')
export class ContainerRoutingController {
  constructor(
    private readonly routing: RoutingService,
    private readonly reference: ReferenceResourceRepository,
  ) {}

  @Get(':id/route')
  @RequiresActivePlan('reading tracking data')
  @RequiresFeature('routing')
  @ApiOperation({
    summary: 'Get a container route',
    description:
      'The stops of the container (POL, transshipments, POD, inland destination) as `route_locations`, each with how it arrives and leaves: mode, SCAC, vessel, voyage, ETA/ATA and ETD/ATD. Locations, their ports and vessels are included.',
  })
  @ApiParam(ID_PARAM)
  @ApiOkResponse({ schema: ROUTE_SCHEMA, example: ROUTE_EXAMPLE })
  @ApiResponse(REFUSALS[0]!)
  @ApiResponse(REFUSALS[1]!)
  @ApiResponse(REFUSALS[2]!)
  async route(@CurrentAccount() account: AccountContext, @Param('id') id: string): Promise<ReturnType<typeof routeDocument>> {
    return routeDocument(await this.routing.route(account, id));
  }

  @Get(':id/map_geojson')
  @RequiresActivePlan('reading tracking data')
  @RequiresFeature('routing')
  @ApiOperation({
    summary: 'Get container map GeoJSON',
    description:
      'A GeoJSON FeatureCollection: each port (`port`, with the terminal at the POD), the path sailed (`past_vessel_locations`), the vessel now (`current_vessel`), ' +
      'the path ahead (`estimated_partial_leg`) and legs not sailed yet (`estimated_full_legs`). Paths follow the sea lanes.',
  })
  @ApiParam(ID_PARAM)
  @ApiOkResponse({ schema: MAP_SCHEMA, example: MAP_EXAMPLE })
  @ApiResponse(REFUSALS[0]!)
  @ApiResponse(REFUSALS[1]!)
  @ApiResponse(REFUSALS[2]!)
  async map(@CurrentAccount() account: AccountContext, @Param('id') id: string): Promise<FeatureCollection> {
    const route = await this.routing.route(account, id);
    const terminal = route.podTerminalId ? await this.reference.findTerminal(route.podTerminalId) : null;
    return buildContainerMap(this.routing, route, new Date(), terminal);
  }
}
