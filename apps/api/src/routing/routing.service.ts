import { Inject, Injectable } from '@nestjs/common';
import { SeaRouter, normalizeLongitude, pathLengthNm } from '@quayside/carriers';
import type { LonLat, VesselPosition, VesselPositionSource, VoyageLeg } from '@quayside/carriers';
import { ContainerRepository, VesselRepository } from '@quayside/data-access';
import type { PortEntity, VesselEntity } from '@quayside/data-access';
import type { AccountContext } from '../tenancy/account-context';
import { buildRoute } from './route-builder';
import type { RouteStop } from './route-builder';

/** How far back the newest reported position may lie to count as where the vessel is. */
const LATEST_POSITION_LOOKBACK_MS = 24 * 3_600_000;

export const VESSEL_POSITION_SOURCE = Symbol('VESSEL_POSITION_SOURCE');
export const SEA_ROUTER = Symbol('SEA_ROUTER');

/** Assumed when nothing says how fast a vessel goes: a usual container ship service speed. */
const DEFAULT_SPEED_KNOTS = 16;
const HOUR_MS = 3_600_000;

export interface ContainerRoute {
  containerId: string;
  stops: RouteStop[];
  vessels: Map<string, VesselEntity>;
  podTerminalId: string | null;
}

export interface Leg {
  index: number;
  from: RouteStop;
  to: RouteStop;
  vessel: VesselEntity | null;
  voyage: VoyageLeg | null;
}

export const coordinatesOf = (port: PortEntity | null): LonLat | null =>
  port && port.latitude !== null && port.longitude !== null ? [port.longitude, port.latitude] : null;

/** Routes, maps and vessel positions of containers (docs/vessels-and-maps.md). */
@Injectable()
export class RoutingService {
  constructor(
    private readonly containers: ContainerRepository,
    private readonly vessels: VesselRepository,
    @Inject(VESSEL_POSITION_SOURCE) private readonly positionSource: VesselPositionSource,
    @Inject(SEA_ROUTER) readonly router: SeaRouter,
  ) {}

  /** The caller's container (401 another account's, 404 unknown) as its stops, its vessels registered. */
  async route(account: AccountContext, containerId: string): Promise<ContainerRoute> {
    return this.routeOf(await this.containers.findOwned(account, containerId));
  }

  async legs(route: ContainerRoute): Promise<Leg[]> {
    return Promise.resolve(
      route.stops.slice(1).map((to, i) => {
        const from = route.stops[i]!;
        const imo = from.outbound?.vessel?.imo ?? null;
        return { index: i, from, to, vessel: imo ? (route.vessels.get(imo) ?? null) : null, voyage: voyageOf(from, to) };
      }),
    );
  }

  /** Positions of a vessel on a leg within [from, to], from the position source (empty when it has none). */
  async positions(vessel: VesselEntity, leg: VoyageLeg | null, from: Date, to: Date): Promise<VesselPosition[]> {
    if (from > to) return [];
    return this.positionSource.positions({ imo: vessel.imo, from, to, leg });
  }

  /**
   * Where the vessel is now: its newest position of the last day. A computed source (the sandbox)
   * places it at `now` exactly; an AIS provider reports positions minutes to hours old, so asking
   * for the instant `now` alone would find none.
   */
  async latestPosition(vessel: VesselEntity, leg: VoyageLeg | null, now: Date): Promise<VesselPosition | null> {
    const positions = await this.positions(vessel, leg, new Date(now.getTime() - LATEST_POSITION_LOOKBACK_MS), now);
    return positions[positions.length - 1] ?? null;
  }

  /** The vessel by id or IMO, with the leg it is on now (its latest departure in anyone's tracking). */
  async vessel(idOrImo: string): Promise<{ vessel: VesselEntity; leg: VoyageLeg | null } | null> {
    const vessel = await this.vessels.find(idOrImo);
    if (!vessel) return null;
    const container = await this.vessels.latestDepartedContainer(vessel.imo);
    if (!container) return { vessel, leg: null };
    const route = await this.routeOf(container);
    const legs = await this.legs(route);
    const current = [...legs].reverse().find((leg) => leg.vessel?.imo === vessel.imo && leg.from.outbound?.atd);
    return { vessel, leg: current?.voyage ?? null };
  }

  /** Estimated positions along the sea lanes from `start` to `to`, timed at `speedKnots` from `departAt`. */
  futurePath(start: LonLat, to: LonLat, departAt: Date, speedKnots: number | null): VesselPosition[] {
    const path = this.router.route(start, to);
    const knots = speedKnots && speedKnots > 0 ? speedKnots : DEFAULT_SPEED_KNOTS;
    let elapsedNm = 0;
    return path.map((point, i) => {
      if (i > 0) elapsedNm += pathLengthNm([path[i - 1]!, point]);
      return {
        longitude: normalizeLongitude(point[0]),
        latitude: point[1],
        heading: null,
        speedKnots: knots,
        timestamp: new Date(departAt.getTime() + (elapsedNm / knots) * HOUR_MS),
      };
    });
  }

  private async routeOf(container: { id: string; shipment_id: string | null }): Promise<ContainerRoute> {
    const data = await this.vessels.routeData(container);
    const stops = buildRoute(data);
    const named = stops
      .flatMap((stop) => [stop.inbound?.vessel, stop.outbound?.vessel])
      .filter((v): v is { imo: string; name: string } => !!v?.imo);
    return {
      containerId: container.id,
      stops,
      vessels: await this.vessels.register(named),
      podTerminalId: data.shipment?.pod_terminal_id ?? null,
    };
  }
}

/** The leg's sailing, when it has left: departure instant, and arrival (actual, else estimated, else at the default speed). */
function voyageOf(from: RouteStop, to: RouteStop): VoyageLeg | null {
  const [a, b] = [coordinatesOf(from.port), coordinatesOf(to.port)];
  const departedAt = from.outbound?.atd ?? null;
  if (!a || !b || !departedAt || from.outbound?.mode !== 'vessel') return null;
  const arrivesAt = to.inbound?.ata ?? to.inbound?.eta ?? null;
  return {
    from: a,
    to: b,
    departedAt,
    arrivesAt: arrivesAt && arrivesAt > departedAt ? arrivesAt : new Date(departedAt.getTime() + 14 * 24 * HOUR_MS),
  };
}
