import { SANDBOX_SCENARIOS } from '../sandbox/sandbox-scenarios';
import type { SandboxScenario } from '../sandbox/sandbox-scenario';
import type { LonLat } from './geo';
import { alongPath, pathLengthNm } from './geo';
import { SeaRouter } from './sea-router';
import type { VesselPosition, VesselPositionQuery, VesselPositionSource } from './vessel-position-source.port';

const HOUR_MS = 3_600_000;
/** At most this many positions per answer: the interval between them grows with the window. */
const MAX_POSITIONS = 500;

function sandboxImos(scenarios: readonly SandboxScenario[]): Set<string> {
  const imos = new Set<string>();
  for (const scenario of scenarios) {
    imos.add(scenario.vessel.imo);
    for (const step of scenario.steps) if ('vessel' in step && step.vessel) imos.add(step.vessel.imo);
  }
  return imos;
}

/**
 * Positions of the sandbox vessels: each sails its leg over the sea lanes at a constant speed,
 * leaving when its departure milestone says and arriving when its arrival (actual or estimated)
 * is due. Those instants come from the scenario clock, so the vessels move with the scenario,
 * compressed or not. Before departure the vessel lies at the port of departure, after arrival
 * at the port of arrival. Positions are one per hour of the window (fewer for long windows).
 */
export class SandboxVesselPositionSource implements VesselPositionSource {
  readonly name = 'sandbox';
  private readonly imos: Set<string>;

  constructor(
    private readonly router: SeaRouter = new SeaRouter(),
    scenarios: readonly SandboxScenario[] = SANDBOX_SCENARIOS,
  ) {
    this.imos = sandboxImos(scenarios);
  }

  covers(imo: string): boolean {
    return this.imos.has(imo);
  }

  positions(query: VesselPositionQuery): Promise<VesselPosition[]> {
    const { leg } = query;
    if (!this.covers(query.imo) || leg === null || query.to < query.from) return Promise.resolve([]);
    const path = this.router.route(leg.from, leg.to);
    const sailingMs = Math.max(1, leg.arrivesAt.getTime() - leg.departedAt.getTime());
    const speedKnots = pathLengthNm(path) / (sailingMs / HOUR_MS);
    const windowMs = query.to.getTime() - query.from.getTime();
    const stepMs = Math.max(HOUR_MS, Math.ceil(windowMs / (MAX_POSITIONS - 1)));
    const positions: VesselPosition[] = [];
    for (let at = query.from.getTime(); at <= query.to.getTime(); at += stepMs)
      positions.push(this.at(path, leg.departedAt, sailingMs, speedKnots, at));
    const last = positions[positions.length - 1];
    if (last && last.timestamp.getTime() !== query.to.getTime())
      positions.push(this.at(path, leg.departedAt, sailingMs, speedKnots, query.to.getTime()));
    return Promise.resolve(positions);
  }

  private at(path: LonLat[], departedAt: Date, sailingMs: number, speedKnots: number, at: number): VesselPosition {
    const fraction = (at - departedAt.getTime()) / sailingMs;
    const { point, heading } = alongPath(path, fraction);
    const underway = fraction > 0 && fraction < 1;
    return {
      longitude: normalizeLongitude(point[0]),
      latitude: point[1],
      heading: underway ? heading : null,
      speedKnots: underway ? Math.round(speedKnots * 10) / 10 : 0,
      timestamp: new Date(at),
    };
  }
}

/** Back into [-180, 180) after the unwrapped path of a Pacific crossing. */
export function normalizeLongitude(longitude: number): number {
  return ((((longitude + 180) % 360) + 360) % 360) - 180;
}
