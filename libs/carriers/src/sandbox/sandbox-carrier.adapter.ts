import type { EstimatedEventName, MilestoneEventName, UtcTimestamp } from '@quayside/domain';
import type {
  CarrierAdapter,
  CarrierContainerSnapshot,
  CarrierShipmentSnapshot,
  CarrierTrackQuery,
  CarrierTrackResult,
  PortRef,
} from '../ports/carrier-adapter.port';
import { transientFailure } from '../ports/transient-failure';
import type { SandboxAdapterOptions, SandboxPlace, SandboxScenario } from './sandbox-scenario';
import { SANDBOX_SCENARIOS } from './sandbox-scenarios';
import type { PlayedContainer } from './scenario-player';
import { ScenarioClock, assertClockCompression, findScenario, playScenario } from './scenario-player';

function portRef(place: SandboxPlace | undefined): PortRef | null {
  return place ? { locode: place.locode, name: place.name, timeZone: place.timeZone } : null;
}

function firstOf(containers: PlayedContainer[], pick: (c: PlayedContainer) => UtcTimestamp | null): UtcTimestamp | null {
  const values = containers
    .map(pick)
    .filter((v): v is UtcTimestamp => v !== null)
    .sort();
  return values[0] ?? null;
}

function milestoneAt(event: MilestoneEventName, locode: string | undefined) {
  return (c: PlayedContainer): UtcTimestamp | null =>
    [...c.lineMilestones, ...c.railMilestones].find((m) => m.event === event && m.locode === locode)?.timestamp ?? null;
}

function estimateAt(event: EstimatedEventName, locode: string | undefined) {
  return (c: PlayedContainer): UtcTimestamp | null => c.estimates.find((e) => e.event === event && e.locode === locode)?.timestamp ?? null;
}

/** The ocean carrier of the sandbox: answers from the scenario timeline, never from the network. */
export class SandboxCarrierAdapter implements CarrierAdapter {
  private readonly scenarios: readonly SandboxScenario[];

  constructor(private readonly options: SandboxAdapterOptions) {
    this.scenarios = options.scenarios ?? SANDBOX_SCENARIOS;
    // Fail at start-up, not on the first call, when the compression is unusable.
    assertClockCompression(options.clockCompression);
  }

  async track(query: CarrierTrackQuery): Promise<CarrierTrackResult> {
    const match = findScenario(this.scenarios, query.number);
    if (!match) return { outcome: 'not_found' };
    const { scenario, containerNumber } = match;
    const played = playScenario(scenario, new ScenarioClock(query.trackingSince, this.options.clockCompression), query.now);
    switch (played.outcome) {
      case 'found':
        break;
      case 'not_manifested':
      case 'not_found':
      case 'booking_cancelled':
      case 'data_unavailable':
        return { outcome: played.outcome };
      case 'invalid_number':
        return { outcome: 'invalid_number', detail: `sandbox number ${scenario.number} is invalid by design` };
      case 'shipping_line_unreachable':
        return transientFailure('shipping_line_unreachable', `sandbox line for ${scenario.number} is unreachable by design`);
    }
    const containers = played.containers.filter((c) => containerNumber === null || c.container.number === containerNumber);
    const { pol, pod, dest } = scenario.places;
    const shipment: CarrierShipmentSnapshot = {
      billOfLadingNumber: scenario.number,
      bookingNumber: scenario.bookingNumber,
      portOfLading: portRef(pol),
      portOfDischarge: portRef(pod),
      destination: portRef(dest),
      podVessel: { ...scenario.vessel },
      polEtdAt: firstOf(containers, estimateAt('container.transport.estimated.vessel_departed', pol.locode)),
      polAtdAt: firstOf(containers, milestoneAt('container.transport.vessel_departed', pol.locode)),
      podEtaAt: firstOf(containers, estimateAt('container.transport.estimated.vessel_arrived', pod.locode)),
      podAtaAt: firstOf(containers, milestoneAt('container.transport.vessel_arrived', pod.locode)),
      destinationEtaAt: firstOf(containers, estimateAt('container.transport.estimated.arrived_at_inland_destination', dest?.locode)),
      destinationAtaAt: firstOf(containers, milestoneAt('container.transport.arrived_at_inland_destination', dest?.locode)),
      podTerminalFirmsCode: played.podTerminalFirmsCode,
      pickupLfdLine: null,
      containers: containers.map((c) => this.containerSnapshot(c, scenario)),
      cancelled: false,
    };
    return { outcome: 'found', shipment };
  }

  private containerSnapshot(played: PlayedContainer, scenario: SandboxScenario): CarrierContainerSnapshot {
    const { container } = played;
    return {
      number: container.number,
      isoSizeType: container.isoSizeType,
      equipment: { ...container.equipment },
      sealNumber: container.sealNumber,
      weightLbs: container.weightLbs,
      milestones: played.lineMilestones,
      estimates: played.estimates,
      pickupLfdLine: played.pickupLfdLine,
      podRailCarrierScac: scenario.railCarrierScac,
      emptyReturned: played.lineMilestones.some((m) => m.event === 'container.transport.empty_in'),
    };
  }
}
