import type { RailAdapter, RailContainerStatus, RailLookupQuery, RailLookupResult } from '../ports/rail-adapter.port';
import type { SandboxAdapterOptions, SandboxScenario } from './sandbox-scenario';
import { SANDBOX_RAIL_FACILITY } from './sandbox-scenario';
import { SANDBOX_SCENARIOS } from './sandbox-scenarios';
import { ScenarioClock, assertClockCompression, findScenario, playScenario } from './scenario-player';

/** A sandbox rail carrier: rail milestones and the rail last free day from the scenario timeline. */
export class SandboxRailAdapter implements RailAdapter {
  private readonly scenarios: readonly SandboxScenario[];

  constructor(private readonly options: SandboxAdapterOptions) {
    this.scenarios = options.scenarios ?? SANDBOX_SCENARIOS;
    assertClockCompression(options.clockCompression);
  }

  async lookup(query: RailLookupQuery): Promise<RailLookupResult> {
    const clock = new ScenarioClock(query.trackingSince, this.options.clockCompression);
    const containers: RailContainerStatus[] = [];
    for (const number of query.containerNumbers) {
      const match = findScenario(this.scenarios, number);
      if (!match || match.containerNumber === null) continue;
      const { scenario } = match;
      if (scenario.railCarrierScac === null || scenario.railCarrierScac !== query.railScac.toUpperCase()) continue;
      const played = playScenario(scenario, clock, query.now);
      const container = played.containers.find((c) => c.container.number === match.containerNumber);
      if (!container) continue;
      const dest = scenario.places.dest;
      containers.push({
        containerNumber: container.container.number,
        railCarrierScac: scenario.railCarrierScac,
        milestones: container.railMilestones,
        pickupLfdRail: container.pickupLfdRail,
        destination: dest ? { locode: dest.locode, name: dest.name, timeZone: dest.timeZone } : null,
        destinationFacility: dest ? { name: SANDBOX_RAIL_FACILITY.name, firmsCode: SANDBOX_RAIL_FACILITY.firmsCode } : null,
        destinationEtaAt:
          container.estimates.find((e) => e.event === 'container.transport.estimated.arrived_at_inland_destination')?.timestamp ?? null,
        checkedAt: query.now.toISOString(),
      });
    }
    return { outcome: 'found', containers };
  }
}
