import type { Fee, Hold, MilestoneEventName, UtcTimestamp } from '@quayside/domain';
import type { CarrierEstimate, CarrierMilestone } from '../ports/carrier-adapter.port';
import type { RailMilestone, RailMilestoneEventName } from '../ports/rail-adapter.port';
import { RAIL_MILESTONE_EVENTS } from '../ports/rail-adapter.port';
import type { SandboxContainer, SandboxOutcome, SandboxScenario, SandboxStep, SandboxVessel } from './sandbox-scenario';

const DAY_MS = 86_400_000;

const VESSEL_EVENTS: ReadonlySet<MilestoneEventName> = new Set<MilestoneEventName>([
  'container.transport.vessel_loaded',
  'container.transport.vessel_departed',
  'container.transport.vessel_arrived',
  'container.transport.vessel_berthed',
  'container.transport.vessel_discharged',
  'container.transport.transshipment_arrived',
  'container.transport.transshipment_discharged',
  'container.transport.transshipment_loaded',
  'container.transport.transshipment_departed',
  'container.transport.feeder_arrived',
  'container.transport.feeder_discharged',
  'container.transport.feeder_loaded',
  'container.transport.feeder_departed',
]);

export function assertClockCompression(compression: number): void {
  if (!(compression > 0) || !Number.isFinite(compression)) {
    throw new RangeError(`sandbox clock compression must be a positive number, got ${compression}`);
  }
}

/** Maps scenario days to instants: day 0 is when tracking started, `compression` scenario days pass per real day. */
export class ScenarioClock {
  constructor(
    private readonly since: Date,
    private readonly compression: number,
  ) {
    assertClockCompression(compression);
  }

  at(day: number): Date {
    return new Date(this.since.getTime() + (day * DAY_MS) / this.compression);
  }

  iso(day: number): UtcTimestamp {
    return this.at(day).toISOString();
  }
}

export interface PlayedContainer {
  container: SandboxContainer;
  lineMilestones: CarrierMilestone[];
  railMilestones: RailMilestone[];
  estimates: CarrierEstimate[];
  holds: Hold[];
  fees: Fee[];
  pickupLfdLine: UtcTimestamp | null;
  pickupLfdTerminal: UtcTimestamp | null;
  pickupLfdRail: UtcTimestamp | null;
  availableForPickup: boolean | null;
  pickupAppointmentAt: UtcTimestamp | null;
  locationAtPodTerminal: string | null;
  dischargedAt: UtcTimestamp | null;
  fullOutAt: UtcTimestamp | null;
}

export interface PlayedScenario {
  outcome: SandboxOutcome | 'not_manifested';
  podTerminalFirmsCode: string | null;
  containers: PlayedContainer[];
}

function isRailEvent(event: MilestoneEventName): event is RailMilestoneEventName {
  return (RAIL_MILESTONE_EVENTS as readonly string[]).includes(event);
}

function emptyContainer(container: SandboxContainer): PlayedContainer {
  return {
    container,
    lineMilestones: [],
    railMilestones: [],
    estimates: [],
    holds: [],
    fees: [],
    pickupLfdLine: null,
    pickupLfdTerminal: null,
    pickupLfdRail: null,
    availableForPickup: null,
    pickupAppointmentAt: null,
    locationAtPodTerminal: null,
    dischargedAt: null,
    fullOutAt: null,
  };
}

/**
 * The scenario as of `now`: every step whose instant has come, in day order. Pure, so every
 * process and every call with the same start and clock sees the same snapshot.
 */
export function playScenario(scenario: SandboxScenario, clock: ScenarioClock, now: Date): PlayedScenario {
  const visible = scenario.steps
    .map((step, index) => ({ step, index }))
    .filter(({ step }) => clock.at(step.day).getTime() <= now.getTime())
    .sort((a, b) => a.step.day - b.step.day || a.index - b.index)
    .map(({ step }) => step);

  const manifestStep = scenario.steps.find((step) => step.type === 'manifested');
  let outcome: PlayedScenario['outcome'] = 'found';
  let podTerminalFirmsCode = scenario.podTerminalFirmsCode;
  const containers = new Map(scenario.containers.map((c) => [c.number, emptyContainer(c)]));

  for (const step of visible) {
    if (step.type === 'outcome') outcome = step.outcome;
    if (step.type === 'pod_terminal') podTerminalFirmsCode = step.firmsCode;
    const targets = step.containers ?? [...containers.keys()];
    for (const number of targets) {
      const played = containers.get(number);
      if (played) applyStep(played, step, scenario, clock);
    }
  }
  if (outcome === 'found' && manifestStep && !visible.includes(manifestStep)) outcome = 'not_manifested';
  return { outcome, podTerminalFirmsCode, containers: [...containers.values()] };
}

/** How the sandbox's simulated sources word an event: `container.transport.vessel_loaded` → `Vessel Loaded`. */
function sandboxWording(event: string): string {
  const last = event.split('.').slice(-1)[0] ?? event;
  const words = last.split('_').map((word) => word.charAt(0).toUpperCase() + word.slice(1));
  return event.includes('.estimated.') ? `Estimated ${words.join(' ')}` : words.join(' ');
}

function vesselFields(vessel: SandboxVessel | null): Pick<CarrierMilestone, 'vesselName' | 'vesselImo' | 'voyageNumber'> {
  return { vesselName: vessel?.name ?? null, vesselImo: vessel?.imo ?? null, voyageNumber: vessel?.voyage ?? null };
}

function applyStep(played: PlayedContainer, step: SandboxStep, scenario: SandboxScenario, clock: ScenarioClock): void {
  switch (step.type) {
    case 'manifested':
    case 'outcome':
    case 'pod_terminal':
      return;
    case 'milestone': {
      const place = scenario.places[step.at];
      if (!place) throw new Error(`scenario ${scenario.number}: no ${step.at} place for ${step.event}`);
      const vessel = VESSEL_EVENTS.has(step.event) ? (step.vessel ?? scenario.vessel) : null;
      const timestamp = clock.iso(step.day);
      const base = {
        timestamp,
        timezone: place.timeZone,
        locode: place.locode,
        ...vesselFields(vessel),
        originalEvent: sandboxWording(step.event),
        locationName: place.name,
      };
      if (step.source === 'rail') {
        if (!isRailEvent(step.event)) throw new Error(`scenario ${scenario.number}: rail cannot report ${step.event}`);
        played.railMilestones.push({ ...base, event: step.event, dataSource: 'rail' });
      } else {
        played.lineMilestones.push({ ...base, event: step.event, dataSource: 'shipping_line' });
      }
      if (step.at === 'pod' && step.event === 'container.transport.vessel_discharged') played.dischargedAt = timestamp;
      if (step.at === 'pod' && step.event === 'container.transport.full_out') played.fullOutAt = timestamp;
      return;
    }
    case 'estimate': {
      const place = scenario.places[step.at];
      if (!place) throw new Error(`scenario ${scenario.number}: no ${step.at} place for ${step.event}`);
      const vessel = step.event === 'container.transport.estimated.arrived_at_inland_destination' ? null : (step.vessel ?? scenario.vessel);
      const estimate: CarrierEstimate = {
        event: step.event,
        timestamp: clock.iso(step.eventDay),
        timezone: place.timeZone,
        locode: place.locode,
        ...vesselFields(vessel),
        dataSource: 'shipping_line',
        originalEvent: sandboxWording(step.event),
        locationName: place.name,
      };
      played.estimates = [...played.estimates.filter((e) => !(e.event === estimate.event && e.locode === estimate.locode)), estimate];
      return;
    }
    case 'hold':
      played.holds = [...played.holds.filter((h) => h.name !== step.hold.name), step.hold];
      return;
    case 'hold_cleared':
      played.holds = played.holds.filter((h) => h.name !== step.name);
      return;
    case 'fee':
      played.fees = [...played.fees.filter((f) => f.type !== step.fee.type), step.fee];
      return;
    case 'fee_cleared':
      played.fees = played.fees.filter((f) => f.type !== step.feeType);
      return;
    case 'last_free_day': {
      const value = step.lfdDay === null ? null : clock.iso(step.lfdDay);
      if (step.source === 'line') played.pickupLfdLine = value;
      if (step.source === 'terminal') played.pickupLfdTerminal = value;
      if (step.source === 'rail') played.pickupLfdRail = value;
      return;
    }
    case 'availability':
      played.availableForPickup = step.available;
      return;
    case 'appointment':
      played.pickupAppointmentAt = step.appointmentDay === null ? null : clock.iso(step.appointmentDay);
      return;
    case 'yard_location':
      played.locationAtPodTerminal = step.location;
      return;
  }
}

export function findScenario(
  scenarios: readonly SandboxScenario[],
  number: string,
): { scenario: SandboxScenario; containerNumber: string | null } | null {
  const wanted = number.trim().toUpperCase();
  for (const scenario of scenarios) {
    if (scenario.number === wanted || scenario.bookingNumber === wanted) return { scenario, containerNumber: null };
    if (scenario.containers.some((c) => c.number === wanted)) return { scenario, containerNumber: wanted };
  }
  return null;
}
