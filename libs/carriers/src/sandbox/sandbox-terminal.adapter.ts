import type { TerminalAdapter, TerminalContainerStatus, TerminalLookupQuery, TerminalLookupResult } from '../ports/terminal-adapter.port';
import type { SandboxAdapterOptions, SandboxScenario } from './sandbox-scenario';
import { SANDBOX_SCENARIOS } from './sandbox-scenarios';
import { ScenarioClock, assertClockCompression, findScenario, playScenario } from './scenario-player';

/**
 * A sandbox terminal: holds, fees, last free day, availability, appointment and yard location
 * from the same scenario timeline as the sandbox line, for containers discharged at this terminal.
 */
export class SandboxTerminalAdapter implements TerminalAdapter {
  private readonly scenarios: readonly SandboxScenario[];

  constructor(private readonly options: SandboxAdapterOptions) {
    this.scenarios = options.scenarios ?? SANDBOX_SCENARIOS;
    assertClockCompression(options.clockCompression);
  }

  async lookup(query: TerminalLookupQuery): Promise<TerminalLookupResult> {
    const clock = new ScenarioClock(query.trackingSince, this.options.clockCompression);
    const checkedAt = query.now.toISOString();
    const containers: TerminalContainerStatus[] = [];
    for (const number of query.containerNumbers) {
      const match = findScenario(this.scenarios, number);
      if (!match || match.containerNumber === null) continue;
      const played = playScenario(match.scenario, clock, query.now);
      if (played.podTerminalFirmsCode !== query.firmsCode.toUpperCase()) continue;
      const container = played.containers.find((c) => c.container.number === match.containerNumber);
      if (!container) continue;
      containers.push({
        containerNumber: container.container.number,
        availableForPickup: container.availableForPickup,
        reportedHolds: container.holds.map((h) => ({ name: h.name, status: h.status, description: h.description })),
        reportedFees: container.fees.map((f) => ({
          code: f.type,
          amount: f.amount,
          currency: f.currency,
          description: f.description ?? null,
        })),
        pickupLfdTerminal: container.pickupLfdTerminal,
        pickupAppointmentAt: container.pickupAppointmentAt,
        locationAtPodTerminal: container.locationAtPodTerminal,
        fullOutAt: container.fullOutAt,
        dischargedAt: container.dischargedAt,
        timezone: match.scenario.places.pod.timeZone,
        checkedAt,
      });
    }
    return { outcome: 'found', containers };
  }
}
