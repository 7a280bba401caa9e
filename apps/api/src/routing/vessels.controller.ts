import { Controller, Get, Param, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { LonLat, VesselPosition } from '@quayside/carriers';
import { ReferenceResourceRepository } from '@quayside/data-access';
import type { VesselEntity } from '@quayside/data-access';
import { badRequest, notFound } from '@quayside/domain';
import type { FastifyRequest } from 'fastify';
import { textParameter } from '../common/query-parameters';
import type { Query } from '../common/query-parameters';
import { ERROR_DOCUMENT, singleDocument } from '../openapi/json-api-schemas';
import { RequiresActivePlan } from '../plans/requires-active-plan.decorator';
import { RequiresFeature } from '../plans/requires-feature.decorator';
import { VESSEL_SCHEMA } from './routing.schema';
import { VESSEL_FUTURE_POSITIONS_EXAMPLE, VESSEL_WITH_POSITIONS_EXAMPLE } from './routing.examples';
import { RoutingService } from './routing.service';

const DAY_MS = 86_400_000;
const ID_PARAM = { name: 'id', description: 'Vessel id (uuid), or its IMO number (seven digits)' };
const FORBIDDEN = {
  status: 403,
  description:
    'Routing data feature is not enabled for this account (`feature_not_enabled`), or its plan is free or an ended trial (`plan_not_allowed`).',
  schema: ERROR_DOCUMENT,
};
const NOT_FOUND = { status: 404, description: 'No such vessel (or port).', schema: ERROR_DOCUMENT };

type VesselDocument = { data: { id: string; type: 'vessel'; attributes: Record<string, unknown>; links: { self: string } } };

/** Vessels and their positions (feature `routing`, docs/vessels-and-maps.md). */
@ApiTags('Vessels')
@Controller('vessels')
export class VesselsController {
  constructor(
    private readonly routing: RoutingService,
    private readonly reference: ReferenceResourceRepository,
  ) {}

  @Get(':id')
  @RequiresActivePlan('reading tracking data')
  @RequiresFeature('routing')
  @ApiOperation({
    summary: 'Get a vessel using the id or the imo',
    description:
      'The vessel and its latest position. With `show_positions[from_timestamp]` and/or `show_positions[to_timestamp]`, also its positions in that window (7 days back to now by default).',
  })
  @ApiParam(ID_PARAM)
  @ApiQuery({
    name: 'show_positions[from_timestamp]',
    required: false,
    description: 'ISO 8601; 7 days before `to_timestamp` by default.',
    example: '2026-05-20T00:00:00Z',
  })
  @ApiQuery({
    name: 'show_positions[to_timestamp]',
    required: false,
    description: 'ISO 8601; now by default.',
    example: '2026-05-24T00:00:00Z',
  })
  @ApiOkResponse({ schema: singleDocument(VESSEL_SCHEMA), example: VESSEL_WITH_POSITIONS_EXAMPLE })
  @ApiResponse({ status: 400, description: 'A malformed timestamp (named in `source.parameter`).', schema: ERROR_DOCUMENT })
  @ApiResponse(FORBIDDEN)
  @ApiResponse(NOT_FOUND)
  async get(@Param('id') id: string, @Req() request: FastifyRequest): Promise<VesselDocument> {
    const query = queryOf(request);
    const from = instant(query, 'show_positions[from_timestamp]');
    const to = instant(query, 'show_positions[to_timestamp]');
    const found = await this.routing.vessel(id);
    if (!found) throw notFound('vessel', id);
    const now = new Date();
    const latest = await this.routing.latestPosition(found.vessel, found.leg, now);
    const show = from !== undefined || to !== undefined;
    const end = to ?? now;
    const positions = show
      ? await this.routing.positions(found.vessel, found.leg, from ?? new Date(end.getTime() - 7 * DAY_MS), end)
      : null;
    return vesselDocument(found.vessel, latest ?? null, positions?.map((p) => position(p, false)) ?? null);
  }

  @Get(':id/future_positions')
  @RequiresActivePlan('reading tracking data')
  @RequiresFeature('routing')
  @ApiOperation({
    summary: 'Get vessel future positions',
    description:
      'The estimated path of the vessel from where it is now (else from `previous_port_id`) to `port_id`, over the sea lanes, timed at its current speed.',
  })
  @ApiParam(ID_PARAM)
  @ApiQuery({ name: 'port_id', required: true, description: 'The destination port id' })
  @ApiQuery({ name: 'previous_port_id', required: true, description: 'The previous port id' })
  @ApiOkResponse({ schema: singleDocument(VESSEL_SCHEMA), example: VESSEL_FUTURE_POSITIONS_EXAMPLE })
  @ApiResponse({ status: 400, description: 'A missing or malformed parameter (named in `source.parameter`).', schema: ERROR_DOCUMENT })
  @ApiResponse(FORBIDDEN)
  @ApiResponse(NOT_FOUND)
  async futurePositions(@Param('id') id: string, @Req() request: FastifyRequest): Promise<VesselDocument> {
    return this.future(id, queryOf(request), false);
  }

  @Get(':id/future_positions_with_coordinates')
  @RequiresActivePlan('reading tracking data')
  @RequiresFeature('routing')
  @ApiOperation({
    summary: 'Get vessel future positions from coordinates',
    description: 'As future_positions, starting from `latitude`/`longitude`.',
  })
  @ApiParam(ID_PARAM)
  @ApiQuery({ name: 'port_id', required: true, description: 'The destination port id' })
  @ApiQuery({ name: 'previous_port_id', required: true, description: 'The previous port id' })
  @ApiQuery({ name: 'latitude', required: true, description: 'Starting latitude, -90 to 90' })
  @ApiQuery({ name: 'longitude', required: true, description: 'Starting longitude, -180 to 180' })
  @ApiOkResponse({ schema: singleDocument(VESSEL_SCHEMA), example: VESSEL_FUTURE_POSITIONS_EXAMPLE })
  @ApiResponse({ status: 400, description: 'A missing or malformed parameter (named in `source.parameter`).', schema: ERROR_DOCUMENT })
  @ApiResponse(FORBIDDEN)
  @ApiResponse(NOT_FOUND)
  async futurePositionsWithCoordinates(@Param('id') id: string, @Req() request: FastifyRequest): Promise<VesselDocument> {
    return this.future(id, queryOf(request), true);
  }

  private async future(id: string, query: Query, withCoordinates: boolean): Promise<VesselDocument> {
    const start = withCoordinates ? coordinates(query) : null;
    const [port, previous] = await Promise.all([this.port(query, 'port_id'), this.port(query, 'previous_port_id')]);
    const found = await this.routing.vessel(id);
    if (!found) throw notFound('vessel', id);
    const now = new Date();
    const latest = await this.routing.latestPosition(found.vessel, found.leg, now);
    const origin = start ?? (latest ? ([latest.longitude, latest.latitude] as LonLat) : previous);
    const path = this.routing.futurePath(origin, port, now, latest?.speedKnots ?? null);
    return vesselDocument(
      found.vessel,
      latest ?? null,
      path.map((p) => position(p, true)),
    );
  }

  private async port(query: Query, parameter: string): Promise<LonLat> {
    const value = textParameter(query, parameter);
    if (value === undefined) throw badRequest(`${parameter} is required.`, { parameter });
    const port = await this.reference.findPort(value);
    if (!port) throw notFound('port', value);
    const point: LonLat | null = port.latitude !== null && port.longitude !== null ? [port.longitude, port.latitude] : null;
    if (!point) throw badRequest(`${parameter}: the port has no coordinates.`, { parameter });
    return point;
  }
}

function vesselDocument(vessel: VesselEntity, latest: VesselPosition | null, positions: Record<string, unknown>[] | null): VesselDocument {
  return {
    data: {
      id: vessel.id,
      type: 'vessel',
      attributes: {
        name: vessel.name,
        imo: vessel.imo,
        mmsi: vessel.mmsi,
        latitude: latest?.latitude ?? null,
        longitude: latest?.longitude ?? null,
        nautical_speed_knots: latest?.speedKnots ?? null,
        navigational_heading_degrees: latest?.heading ?? null,
        position_timestamp: latest?.timestamp.toISOString() ?? null,
        positions,
      },
      links: { self: `/v2/vessels/${vessel.id}` },
    },
  };
}

function position(p: VesselPosition, estimated: boolean): Record<string, unknown> {
  return { latitude: p.latitude, longitude: p.longitude, heading: p.heading, timestamp: p.timestamp.toISOString(), estimated };
}

function instant(query: Query, parameter: string): Date | undefined {
  const value = textParameter(query, parameter);
  if (value === undefined) return undefined;
  const parsed = new Date(value);
  if (Number.isNaN(parsed.getTime())) throw badRequest(`${parameter} must be an ISO 8601 date-time.`, { parameter });
  return parsed;
}

function coordinates(query: Query): LonLat {
  const read = (parameter: string, limit: number): number => {
    const value = Number(textParameter(query, parameter));
    if (!Number.isFinite(value) || Math.abs(value) > limit)
      throw badRequest(`${parameter} must be a number from -${limit} to ${limit}.`, { parameter });
    return value;
  };
  return [read('longitude', 180), read('latitude', 90)];
}

function queryOf(request: FastifyRequest): Query {
  const query = request.query;
  return typeof query === 'object' && query !== null ? (query as Query) : {};
}
