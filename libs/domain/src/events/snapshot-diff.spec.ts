import fc from 'fast-check';
import type { MilestoneEventName } from '../enums/event-name.enum';
import { MILESTONE_EVENT_NAMES } from '../enums/event-name.enum';
import type { Fee, Hold } from '../resources/terminal-data';
import { CHANGESET_ATTRIBUTES, changesetForFeatures } from './changeset';
import { assignMilestoneLegs, milestoneIdentity } from './milestone-identity';
import type { SnapshotEvent } from './snapshot-diff';
import { diffContainerSnapshots, diffShipmentSnapshots } from './snapshot-diff';
import type {
  ContainerSnapshot,
  EstimateSnapshot,
  MilestoneSnapshot,
  ShipmentSnapshot,
  StoredContainerSnapshot,
  StoredShipmentSnapshot,
} from './snapshot.types';

const D1 = '2026-08-10T00:00:00.000Z';
const D2 = '2026-08-12T00:00:00.000Z';
const D3 = '2026-08-15T00:00:00.000Z';

const milestone = (
  event: MilestoneEventName,
  timestamp: string | null,
  locode = 'USLAX',
  extra: Partial<MilestoneSnapshot> = {},
): MilestoneSnapshot => ({
  event,
  timestamp,
  timezone: 'America/Los_Angeles',
  location_locode: locode,
  vessel_name: null,
  voyage_number: null,
  data_source: 'shipping_line',
  ...extra,
});

const estimate = (timestamp: string, extra: Partial<EstimateSnapshot> = {}): EstimateSnapshot => ({
  event: 'container.transport.estimated.vessel_arrived',
  estimated_timestamp: timestamp,
  timezone: 'America/Los_Angeles',
  location_locode: 'USLAX',
  voyage_number: '123E',
  data_source: 'shipping_line',
  ...extra,
});

function container(overrides: Partial<ContainerSnapshot> = {}): ContainerSnapshot {
  return {
    number: 'MSCU1234566',
    pod_terminal_id: 't-1',
    available_for_pickup: false,
    holds_at_pod_terminal: [],
    fees_at_pod_terminal: [],
    import_deadlines: { pickup_lfd_line: null, pickup_lfd_terminal: null, pickup_lfd_rail: null },
    pickup_appointment_at: null,
    milestones: [milestone('container.transport.vessel_loaded', D1, 'CNSHA')],
    estimates: [estimate(D2)],
    ...overrides,
  };
}

function shipment(containers: ContainerSnapshot[], overrides: Partial<ShipmentSnapshot> = {}): ShipmentSnapshot {
  return {
    pod_eta_at: D2,
    port_of_discharge_locode: 'USLAX',
    pod_timezone: 'America/Los_Angeles',
    pod_voyage_number: '123E',
    containers,
    ...overrides,
  };
}

const names = (events: SnapshotEvent[]): string[] => events.map((event) => event.name);

/** A snapshot as storing it leaves it: each milestone with its leg. */
const storedContainer = (snapshot: ContainerSnapshot): StoredContainerSnapshot => ({
  ...snapshot,
  milestones: assignMilestoneLegs([], snapshot.milestones),
});
const storedShipment = (snapshot: ShipmentSnapshot): StoredShipmentSnapshot => ({
  ...snapshot,
  containers: snapshot.containers.map(storedContainer),
});
const diffContainers = (before: ContainerSnapshot | null, after: ContainerSnapshot): SnapshotEvent[] =>
  diffContainerSnapshots(before === null ? null : storedContainer(before), after);
const diffShipments = (before: ShipmentSnapshot | null, after: ShipmentSnapshot): SnapshotEvent[] =>
  diffShipmentSnapshots(before === null ? null : storedShipment(before), after);
const customsHold: Hold = { name: 'customs', status: 'hold', description: null };
const demurrage: Fee = { type: 'demurrage', amount: 150, currency: 'USD' };

describe('snapshot diff: what fires', () => {
  it('a first snapshot creates each container (by number) with its milestones, and no estimate or update events', () => {
    const b = container({
      number: 'MSCU2',
      milestones: [
        milestone('container.transport.vessel_departed', D2, 'CNSHA'),
        milestone('container.transport.vessel_loaded', D1, 'CNSHA'),
      ],
    });
    const a = container({ number: 'MSCU1' });
    expect(names(diffShipments(null, shipment([b, a])))).toEqual([
      'container.created',
      'container.transport.vessel_loaded',
      'container.created',
      'container.transport.vessel_loaded',
      'container.transport.vessel_departed',
    ]);
  });

  it.each<[string, Partial<ContainerSnapshot>, string[], Record<string, unknown> | null]>([
    ['nothing changed', {}, [], null],
    [
      'a new milestone',
      { milestones: [milestone('container.transport.vessel_loaded', D1, 'CNSHA'), milestone('container.transport.vessel_arrived', D2)] },
      ['container.transport.vessel_arrived'],
      null,
    ],
    [
      'the same milestone from a second source',
      {
        milestones: [
          milestone('container.transport.vessel_loaded', D1, 'CNSHA'),
          milestone('container.transport.vessel_loaded', '2026-08-10T00:00:00Z', 'CNSHA', { data_source: 'terminal' }),
        ],
      },
      [],
      null,
    ],
    ['a milestone dropped by the carrier', { milestones: [] }, [], null],
    ['an estimate that moved', { estimates: [estimate(D3)] }, ['container.transport.estimated.vessel_arrived'], null],
    ['an estimate written differently, same instant', { estimates: [estimate('2026-08-12T00:00:00Z')] }, [], null],
    [
      'a new estimate',
      {
        estimates: [
          estimate(D2),
          estimate(D3, { event: 'container.transport.estimated.arrived_at_inland_destination', location_locode: 'USCHI' }),
        ],
      },
      ['container.transport.estimated.arrived_at_inland_destination'],
      null,
    ],
    ['an estimate that disappeared', { estimates: [] }, [], null],
    [
      'available',
      { available_for_pickup: true },
      ['container.updated', 'container.transport.available'],
      { available_for_pickup: [false, true] },
    ],
    ['availability unknown', { available_for_pickup: null }, ['container.updated'], { available_for_pickup: [false, null] }],
    ['a hold', { holds_at_pod_terminal: [customsHold] }, ['container.updated'], { holds_at_pod_terminal: [[], [customsHold]] }],
    ['a fee', { fees_at_pod_terminal: [demurrage] }, ['container.updated'], { fees_at_pod_terminal: [[], [demurrage]] }],
    [
      'a pickup appointment',
      { pickup_appointment_at: D3 },
      ['container.updated', 'container.pickup_appointment.changed'],
      { pickup_appointment_at: [null, D3] },
    ],
    [
      'the line last free day',
      { import_deadlines: { pickup_lfd_line: D3, pickup_lfd_terminal: null, pickup_lfd_rail: null } },
      ['container.updated', 'container.pickup_lfd.changed', 'container.pickup_lfd_line.changed'],
      { pickup_lfd: [null, D3], pickup_lfd_line: [null, D3] },
    ],
    [
      'the rail last free day',
      { import_deadlines: { pickup_lfd_line: null, pickup_lfd_terminal: null, pickup_lfd_rail: D3 } },
      ['container.updated', 'container.pickup_lfd.changed', 'container.pickup_lfd_rail.changed'],
      { pickup_lfd: [null, D3], pickup_lfd_rail: [null, D3] },
    ],
    ['the terminal', { pod_terminal_id: 't-2' }, ['container.pod_terminal_changed', 'container.updated'], { pod_terminal: ['t-1', 't-2'] }],
    ['the terminal unknown again', { pod_terminal_id: null }, ['container.updated'], { pod_terminal: ['t-1', null] }],
  ])('%s', (_label, change, expected, changeset) => {
    const events = diffContainers(container(), container(change));
    expect(names(events)).toEqual(expected);
    const updated = events.find((event) => event.kind === 'container_updated');
    expect(updated?.kind === 'container_updated' ? updated.changeset : null).toEqual(changeset);
  });

  it('a terminal last free day behind a line one changes only its own events, not pickup_lfd', () => {
    const before = container({ import_deadlines: { pickup_lfd_line: D1, pickup_lfd_terminal: null, pickup_lfd_rail: null } });
    const after = container({ import_deadlines: { pickup_lfd_line: D1, pickup_lfd_terminal: D2, pickup_lfd_rail: null } });
    const events = diffContainers(before, after);
    expect(names(events)).toEqual(['container.updated', 'container.pickup_lfd_terminal.changed']);
    expect(events[1]).toMatchObject({ kind: 'value_changed', previous: null, current: D2 });
  });

  it('becoming unavailable fires not_available', () => {
    expect(names(diffContainers(container({ available_for_pickup: true }), container({ available_for_pickup: false })))).toEqual([
      'container.updated',
      'container.transport.not_available',
    ]);
  });

  it('a cleared hold is a change from the hold to none', () => {
    const events = diffContainers(container({ holds_at_pod_terminal: [customsHold] }), container());
    expect(events).toEqual([
      {
        kind: 'container_updated',
        name: 'container.updated',
        container_number: 'MSCU1234566',
        changeset: { holds_at_pod_terminal: [[customsHold], []] },
      },
    ]);
  });

  it('everything at once comes in the documented order', () => {
    const after = container({
      pod_terminal_id: 't-9',
      available_for_pickup: true,
      holds_at_pod_terminal: [customsHold],
      import_deadlines: { pickup_lfd_line: D1, pickup_lfd_terminal: D2, pickup_lfd_rail: D3 },
      pickup_appointment_at: D3,
      milestones: [
        milestone('container.transport.vessel_discharged', D3),
        milestone('container.transport.vessel_loaded', D1, 'CNSHA'),
        milestone('container.transport.vessel_arrived', D2),
      ],
      estimates: [estimate(D3)],
    });
    const events = diffShipments(shipment([container()]), shipment([after], { pod_eta_at: D3 }));
    expect(names(events)).toEqual([
      'shipment.estimated.arrival',
      'container.transport.vessel_arrived',
      'container.transport.vessel_discharged',
      'container.transport.estimated.vessel_arrived',
      'container.pod_terminal_changed',
      'container.updated',
      'container.pickup_lfd.changed',
      'container.pickup_lfd_line.changed',
      'container.pickup_lfd_terminal.changed',
      'container.pickup_lfd_rail.changed',
      'container.pickup_appointment.changed',
      'container.transport.available',
    ]);
    const updated = events.find((event) => event.kind === 'container_updated');
    expect(Object.keys(updated?.kind === 'container_updated' ? updated.changeset : {})).toEqual([
      'available_for_pickup',
      'pickup_lfd',
      'pickup_lfd_line',
      'pickup_lfd_terminal',
      'pickup_lfd_rail',
      'holds_at_pod_terminal',
      'pickup_appointment_at',
      'pod_terminal',
    ]);
  });

  it.each([
    [D2, D3, ['shipment.estimated.arrival']],
    [null, D3, ['shipment.estimated.arrival']],
    [D2, null, []],
    [D2, '2026-08-12T00:00:00Z', []],
  ])('shipment ETA %s → %s fires %j', (before, after, expected) => {
    const events = diffShipments(shipment([container()], { pod_eta_at: before }), shipment([container()], { pod_eta_at: after }));
    expect(names(events)).toEqual(expected);
    if (expected.length > 0)
      expect(events[0]).toMatchObject({ estimated_timestamp: after, previous_estimated_timestamp: before, location_locode: 'USLAX' });
  });

  it('a container added to a known shipment is created; one missing from the next snapshot fires nothing', () => {
    const added = container({ number: 'MAEU1234567', milestones: [] });
    expect(names(diffShipments(shipment([container()]), shipment([container(), added])))).toEqual(['container.created']);
    expect(diffShipments(shipment([container(), added]), shipment([container()]))).toEqual([]);
  });

  it('a rail last free day change is hidden from accounts without rail_lfd', () => {
    const changeset = { pickup_lfd_rail: [null, D3] as [null, string], pickup_lfd: [null, D3] as [null, string] };
    expect(changesetForFeatures(changeset, [])).toEqual({ pickup_lfd: [null, D3] });
    expect(changesetForFeatures(changeset, ['rail_lfd'])).toEqual(changeset);
  });
});

// --- properties -----------------------------------------------------------------------------

const ts = fc.constantFrom(D1, D2, D3, '2026-08-12T00:00:00Z', null);
const arbMilestone: fc.Arbitrary<MilestoneSnapshot> = fc.record({
  event: fc.constantFrom(...MILESTONE_EVENT_NAMES.slice(0, 5)),
  timestamp: ts,
  timezone: fc.constantFrom('UTC', null),
  location_locode: fc.constantFrom('USLAX', 'CNSHA', null),
  vessel_name: fc.constantFrom('EVER GIVEN', null),
  voyage_number: fc.constantFrom('1E', null),
  data_source: fc.constantFrom('shipping_line' as const, 'terminal' as const),
});
const arbEstimate: fc.Arbitrary<EstimateSnapshot> = fc.record({
  event: fc.constantFrom('container.transport.estimated.vessel_arrived' as const, 'container.transport.estimated.vessel_departed' as const),
  estimated_timestamp: fc.constantFrom(D1, D2, D3),
  timezone: fc.constantFrom('UTC', null),
  location_locode: fc.constantFrom('USLAX', null),
  voyage_number: fc.constantFrom('1E', null),
  data_source: fc.constantFrom('shipping_line' as const, 'terminal' as const),
});
const arbHold: fc.Arbitrary<Hold> = fc.record({
  name: fc.constantFrom('customs' as const, 'freight' as const),
  status: fc.constantFrom('hold' as const, 'pending' as const),
  description: fc.constantFrom('x', null),
});
const arbFee: fc.Arbitrary<Fee> = fc.record({
  type: fc.constantFrom('demurrage' as const, 'total' as const),
  amount: fc.constantFrom(0, 100, 250.5),
  currency: fc.constant('USD'),
});
const arbContainerFields = fc.record({
  pod_terminal_id: fc.constantFrom('t-1', 't-2', null),
  available_for_pickup: fc.constantFrom(true, false, null),
  holds_at_pod_terminal: fc.uniqueArray(arbHold, { maxLength: 3, selector: (h) => h.name }),
  fees_at_pod_terminal: fc.array(arbFee, { maxLength: 3 }),
  import_deadlines: fc.record({ pickup_lfd_line: ts, pickup_lfd_terminal: ts, pickup_lfd_rail: ts }),
  pickup_appointment_at: ts,
  milestones: fc.array(arbMilestone, { maxLength: 6 }),
  estimates: fc.array(arbEstimate, { maxLength: 3 }),
});
const arbShipment: fc.Arbitrary<ShipmentSnapshot> = fc
  .record({
    pod_eta_at: ts,
    containers: fc.uniqueArray(fc.tuple(fc.constantFrom('AAAU1', 'BBBU2', 'CCCU3'), arbContainerFields), {
      maxLength: 3,
      selector: ([n]) => n,
    }),
  })
  .map(({ pod_eta_at, containers }) =>
    shipment(
      containers.map(([number, fields]) => ({ number, ...fields })),
      { pod_eta_at },
    ),
  );

function shuffled<T>(items: readonly T[], seed: number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = (seed + i * 7919) % (i + 1);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

function reorder(snapshot: ShipmentSnapshot, seed: number): ShipmentSnapshot {
  return {
    ...snapshot,
    containers: shuffled(snapshot.containers, seed).map((c) => ({
      ...c,
      milestones: shuffled(c.milestones, seed + 1),
      estimates: shuffled(c.estimates, seed + 2),
      holds_at_pod_terminal: shuffled(c.holds_at_pod_terminal, seed + 3),
      fees_at_pod_terminal: shuffled(c.fees_at_pod_terminal, seed + 4),
    })),
  };
}

describe('snapshot diff: properties', () => {
  it('diff(x, x) is empty', () => {
    fc.assert(fc.property(arbShipment, (x) => expect(diffShipments(x, x)).toEqual([])));
  });

  it('diff(x, reordered x) is empty: order carries no meaning', () => {
    fc.assert(fc.property(arbShipment, fc.nat(), (x, seed) => expect(diffShipments(x, reorder(x, seed))).toEqual([])));
  });

  it('re-ordering milestones (and containers, estimates, holds, fees) does not change the result', () => {
    fc.assert(
      fc.property(fc.option(arbShipment, { nil: null }), arbShipment, fc.nat(), fc.nat(), (previous, next, s1, s2) => {
        const expected = diffShipments(previous, next);
        expect(diffShipments(previous === null ? null : reorder(previous, s1), reorder(next, s2))).toEqual(expected);
      }),
    );
  });

  it('every changeset pair has old !== new, and only known attributes', () => {
    fc.assert(
      fc.property(arbShipment, arbShipment, (previous, next) => {
        for (const event of diffShipments(previous, next)) {
          if (event.kind !== 'container_updated') continue;
          expect(Object.keys(event.changeset).length).toBeGreaterThan(0);
          for (const [attribute, pair] of Object.entries(event.changeset) as Array<[string, [unknown, unknown]]>) {
            expect(CHANGESET_ATTRIBUTES).toContain(attribute);
            expect(pair).toHaveLength(2);
            expect(pair[0]).not.toEqual(pair[1]);
          }
        }
      }),
    );
  });

  it('each new milestone fires once, and each container appears once as created on a first snapshot', () => {
    fc.assert(
      fc.property(arbShipment, (x) => {
        const events = diffShipments(null, x);
        expect(events.filter((e) => e.name === 'container.created')).toHaveLength(x.containers.length);
        const keys = events
          .filter((e) => e.kind === 'milestone')
          .map((e) => (e.kind === 'milestone' ? `${e.container_number}|${milestoneIdentity(e.milestone)}` : ''));
        expect(new Set(keys).size).toBe(keys.length);
      }),
    );
  });

  it('new times for known milestones only ever correct them: a milestone is never stored twice because its time moved', () => {
    const retimed = (snapshot: ShipmentSnapshot, times: readonly (string | null)[]): ShipmentSnapshot => ({
      ...snapshot,
      containers: snapshot.containers.map((c, ci) => ({
        ...c,
        milestones: c.milestones.map((m, mi) => ({ ...m, timestamp: times[(ci * 7 + mi) % times.length] ?? null })),
      })),
    });
    fc.assert(
      fc.property(arbShipment, fc.array(ts, { minLength: 1, maxLength: 6 }), (x, times) => {
        // Voyages and places stay, only times move, so each (event, place) keeps its occurrences.
        const single = {
          ...x,
          containers: x.containers.map((c) => ({ ...c, milestones: c.milestones.map((m) => ({ ...m, voyage_number: null })) })),
        };
        const events = diffShipments(single, retimed(single, times));
        expect(events.filter((e) => e.kind === 'milestone' && e.supersedes === null)).toEqual([]);
      }),
    );
  });
});

describe('milestone identity: corrections and legs', () => {
  const loaded = (voyage: string, timestamp: string): MilestoneSnapshot =>
    milestone('container.transport.vessel_loaded', timestamp, 'CNSHA', { voyage_number: voyage });

  it('a new time for a stored milestone corrects it (same event, place and leg) and says which version it supersedes', () => {
    const events = diffContainers(container(), container({ milestones: [milestone('container.transport.vessel_loaded', D2, 'CNSHA')] }));
    expect(events).toEqual([
      {
        kind: 'milestone',
        name: 'container.transport.vessel_loaded',
        container_number: 'MSCU1234566',
        milestone: { ...milestone('container.transport.vessel_loaded', D2, 'CNSHA'), leg: 0 },
        supersedes: { ...milestone('container.transport.vessel_loaded', D1, 'CNSHA'), leg: 0 },
      },
    ]);
  });

  it.each<[string, MilestoneSnapshot[], MilestoneSnapshot[], Array<[string, number, boolean]>]>([
    ['the same call reported again', [loaded('1E', D1)], [loaded('1E', D1)], []],
    [
      'a second vessel call at the same place (a rolled container) is a new leg',
      [loaded('1E', D1)],
      [loaded('1E', D1), loaded('2E', D3)],
      [[D3, 1, false]],
    ],
    [
      'the first call corrected while the second is new',
      [loaded('1E', D1)],
      [loaded('1E', D2), loaded('2E', D3)],
      [
        [D2, 0, true],
        [D3, 1, false],
      ],
    ],
    [
      'a report without a voyage belongs to the call nearest in time',
      [loaded('1E', D1)],
      [milestone('container.transport.vessel_loaded', D1, 'CNSHA', { data_source: 'terminal' })],
      [],
    ],
    ['a voyage corrected on the only call corrects that call', [loaded('1E', D1)], [loaded('1X', D1)], []],
  ])('%s', (_label, before, after, expected) => {
    const events = diffContainers(container({ milestones: before }), container({ milestones: after }));
    expect(events.map((e) => (e.kind === 'milestone' ? [e.milestone.timestamp, e.milestone.leg, e.supersedes !== null] : []))).toEqual(
      expected,
    );
  });

  it('the leg of each occurrence does not depend on the order the source lists them', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom('1E', '2E', null), ts), { maxLength: 6 }), fc.nat(), (reports, seed) => {
        const milestones = reports.map(([voyage, at]) =>
          milestone('container.transport.vessel_loaded', at, 'CNSHA', { voyage_number: voyage }),
        );
        expect(assignMilestoneLegs([], shuffled(milestones, seed))).toEqual(assignMilestoneLegs([], milestones));
      }),
    );
  });
});
