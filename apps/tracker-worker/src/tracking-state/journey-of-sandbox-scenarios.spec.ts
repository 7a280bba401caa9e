import type { RailContainerStatus, SandboxScenario, TerminalContainerStatus } from '@quayside/carriers';
import {
  SANDBOX_SCAC,
  SANDBOX_SCENARIOS,
  SandboxCarrierAdapter,
  SandboxRailAdapter,
  SandboxTerminalAdapter,
  ScenarioClock,
} from '@quayside/carriers';
import type { Journey, JourneyPhase, JourneyRecordColumns, LastFreeDaySource, RiskReason } from '@quayside/domain';
import { journeyFactsOfRecord, journeyOf } from '@quayside/domain';
import { nextContainer } from './container-state';
import type { Observation } from './observation';

// The sandbox line, terminal and rail carrier at real time (1 scenario day per day), asked as the tracker asks them.
const SINCE = new Date('2026-08-14T17:00:00.000Z');
const options = { clockCompression: 1 };
const line = new SandboxCarrierAdapter(options);
const terminal = new SandboxTerminalAdapter(options);
const rail = new SandboxRailAdapter(options);

async function journeysAt(scenario: SandboxScenario, day: number): Promise<Map<string, Journey>> {
  const now = new ScenarioClock(SINCE, 1).at(day);
  const tracked = await line.track({ kind: 'bill_of_lading', number: scenario.number, scac: SANDBOX_SCAC, trackingSince: SINCE, now });
  const journeys = new Map<string, Journey>();
  if (tracked.outcome !== 'found') return journeys;
  const numbers = tracked.shipment.containers.map((c) => c.number);
  const firms = tracked.shipment.podTerminalFirmsCode;
  const terminalAnswer =
    firms === null ? null : await terminal.lookup({ firmsCode: firms, containerNumbers: numbers, trackingSince: SINCE, now });
  const railAnswer =
    scenario.railCarrierScac === null
      ? null
      : await rail.lookup({ railScac: scenario.railCarrierScac, containerNumbers: numbers, trackingSince: SINCE, now });
  const observation: Observation = {
    carrier: tracked.shipment,
    terminal:
      terminalAnswer?.outcome === 'found'
        ? {
            kind: 'found',
            checkedAt: now,
            byContainer: new Map<string, TerminalContainerStatus>(terminalAnswer.containers.map((c) => [c.containerNumber, c])),
          }
        : { kind: 'not_served' },
    rail: {
      byContainer: new Map<string, RailContainerStatus>(
        railAnswer?.outcome === 'found' ? railAnswer.containers.map((c) => [c.containerNumber, c]) : [],
      ),
      failed: new Set(),
    },
    podTerminalId: null,
    portIds: new Map(),
    observedAt: now,
    sources: {},
  };
  for (const container of tracked.shipment.containers) {
    const { columns } = nextContainer(observation, container, null, { accountId: 'a', features: ['rail_lfd'] });
    // As stored: the tracker never writes the deprecated `ind_facility_lfd_on` column.
    const record: JourneyRecordColumns = { ...columns, ind_facility_lfd_on: null };
    journeys.set(container.number, journeyOf(journeyFactsOfRecord(record), now));
  }
  return journeys;
}

/** [scenario day, phase, available where it waits, ready, last free day source, days left, risk reasons within 3 days] */
type Row = [number, JourneyPhase, boolean | null, boolean, LastFreeDaySource | null, number | null, RiskReason[]];

/**
 * Every sandbox container at every step day of its scenario (and a day after the last), as the
 * tracker derives it from the sandbox line, terminal and rail: a day the line does not answer
 * (not manifested, unreachable) has no row. Read a column down to follow one journey.
 */
const EXPECTED: Record<string, Row[]> = {
  QSDU2001376: [
    [-11, 'not_started', null, false, null, null, []],
    [-8, 'at_origin', null, false, null, null, []],
    [-7, 'at_origin', null, false, null, null, []],
    [-5.5, 'on_water', null, false, null, null, []],
    [-5, 'on_water', null, false, null, null, []],
    [9, 'on_water', null, false, null, null, []],
    [9.25, 'on_water', null, false, null, null, []],
    [10, 'at_port', null, false, null, null, []],
    [11, 'at_port', null, false, null, null, []],
  ],
  QSDU2002747: [
    [-7, 'not_started', null, false, null, null, []],
    [-4, 'at_origin', null, false, null, null, []],
    [-3, 'at_origin', null, false, null, null, []],
    [-1.5, 'on_water', null, false, null, null, []],
    [-1, 'on_water', null, false, null, null, []],
    [1, 'on_water', null, false, null, null, []],
    [12, 'on_water', null, false, null, null, []],
    [12.25, 'on_water', null, false, null, null, []],
    [13, 'at_port', null, false, null, null, []],
    [14, 'at_port', null, false, null, null, []],
  ],
  QSDU2004117: [
    [2, 'at_origin', null, false, null, null, []],
    [2.5, 'on_water', null, false, null, null, []],
    [3, 'on_water', null, false, null, null, []],
    [17, 'on_water', null, false, null, null, []],
    [17.25, 'on_water', null, false, null, null, []],
    [18, 'at_port', null, false, null, null, []],
    [19, 'at_port', null, false, null, null, []],
  ],
  QSDU2006850: [
    [-12, 'not_started', null, false, null, null, []],
    [-9, 'at_origin', null, false, null, null, []],
    [-8, 'at_origin', null, false, null, null, []],
    [-6.5, 'on_water', null, false, null, null, []],
    [-6, 'on_water', null, false, null, null, []],
    [6, 'on_water', null, false, null, null, []],
    [7, 'at_port', null, false, null, null, []],
    [7.5, 'at_port', null, false, null, null, []],
    [8, 'at_port', null, false, null, null, []],
    [9, 'at_port', null, false, null, null, []],
  ],
  QSDU2008220: [
    [-12, 'not_started', null, false, null, null, []],
    [-9, 'at_origin', null, false, null, null, []],
    [-8, 'at_origin', null, false, null, null, []],
    [-6.5, 'on_water', null, false, null, null, []],
    [-6, 'on_water', null, false, null, null, []],
    [6, 'on_water', null, false, null, null, []],
    [7, 'on_water', null, false, null, null, []],
    [7.5, 'at_port', null, false, null, null, []],
    [8, 'at_port', null, false, null, null, []],
    [9, 'at_port', null, false, null, null, []],
  ],
  QSDU2009593: [
    [-12, 'not_started', null, false, null, null, []],
    [-9, 'at_origin', null, false, null, null, []],
    [-8, 'at_origin', null, false, null, null, []],
    [-6.5, 'on_water', null, false, null, null, []],
    [-6, 'on_water', null, false, null, null, []],
    [6, 'on_water', null, false, null, null, []],
    [7, 'on_water', null, false, null, null, []],
    [7.5, 'on_water', null, false, null, null, []],
    [8, 'at_port', null, false, null, null, []],
    [9, 'at_port', null, false, null, null, []],
  ],
  QSDU2010969: [
    [-10, 'not_started', null, false, null, null, []],
    [-7, 'at_origin', null, false, null, null, []],
    [-6, 'at_origin', null, false, null, null, []],
    [-4.5, 'on_water', null, false, null, null, []],
    [-4, 'on_water', null, false, null, null, []],
    [2, 'on_water', null, false, null, null, []],
    [2.5, 'on_water', null, false, null, null, []],
    [5, 'on_water', null, false, null, null, []],
    [5.5, 'on_water', null, false, null, null, []],
    [19, 'on_water', null, false, null, null, []],
    [19.25, 'on_water', null, false, null, null, []],
    [20, 'at_port', null, false, null, null, []],
    [21, 'at_port', null, false, null, null, []],
  ],
  QSDU2012339: [
    [-11, 'not_started', null, false, null, null, []],
    [-8, 'at_origin', null, false, null, null, []],
    [-7, 'at_origin', null, false, null, null, []],
    [-5.5, 'on_water', null, false, null, null, []],
    [-5, 'on_water', null, false, null, null, []],
    [8, 'on_water', null, false, null, null, []],
    [8.25, 'on_water', null, false, null, null, []],
    [9, 'at_port', null, false, null, null, []],
    [10, 'on_rail', null, false, null, null, []],
    [10.5, 'on_rail', null, false, null, null, []],
    [13.5, 'at_inland_destination', null, false, null, null, []],
    [14, 'at_inland_destination', null, false, 'rail', 3, ['last_free_day_soon']],
    [15, 'picked_up', null, false, 'rail', null, []],
    [18, 'empty_returned', null, false, 'rail', null, []],
    [19, 'empty_returned', null, false, 'rail', null, []],
  ],
  QSDU2015071: [
    [-13, 'not_started', null, false, null, null, []],
    [-10, 'at_origin', null, false, null, null, []],
    [-9, 'at_origin', null, false, null, null, []],
    [-7.5, 'on_water', null, false, null, null, []],
    [-7, 'on_water', null, false, null, null, []],
    [3, 'on_water', null, false, null, null, []],
    [3.25, 'on_water', null, false, null, null, []],
    [4, 'at_port', false, false, null, null, ['holds']],
    [5, 'at_port', false, false, null, null, ['holds']],
    [6, 'at_port', false, false, null, null, ['holds']],
    [7, 'at_port', false, false, null, null, ['holds']],
    [8, 'at_port', true, true, null, null, []],
    [9, 'at_port', true, true, null, null, []],
  ],
  QSDU2016442: [
    [-14, 'not_started', null, false, null, null, []],
    [-11, 'at_origin', null, false, null, null, []],
    [-10, 'at_origin', null, false, null, null, []],
    [-8.5, 'on_water', null, false, null, null, []],
    [-8, 'on_water', null, false, null, null, []],
    [2, 'on_water', null, false, null, null, []],
    [2.25, 'on_water', null, false, null, null, []],
    [3, 'at_port', true, true, 'terminal', 4, []],
    [8, 'at_port', true, true, 'terminal', -1, ['last_free_day_passed']],
    [9, 'at_port', true, true, 'terminal', -2, ['last_free_day_passed']],
    [10, 'picked_up', null, false, 'terminal', null, []],
    [11, 'picked_up', null, false, 'terminal', null, []],
  ],
  QSDU2017813: [
    [-13, 'not_started', null, false, null, null, []],
    [-10, 'at_origin', null, false, null, null, []],
    [-9, 'at_origin', null, false, null, null, []],
    [-7.5, 'on_water', null, false, null, null, []],
    [-7, 'on_water', null, false, null, null, []],
    [3, 'on_water', null, false, null, null, []],
    [3.25, 'on_water', null, false, null, null, []],
    [4, 'at_port', true, true, 'line', 8, []],
    [5, 'at_port', true, true, 'line', 7, []],
    [6, 'at_port', true, true, 'line', 8, []],
    [7, 'on_rail', null, false, null, null, []],
    [7.5, 'on_rail', null, false, null, null, []],
    [10.5, 'at_inland_destination', null, false, null, null, []],
    [11, 'at_inland_destination', null, false, 'rail', 4, []],
    [12, 'at_inland_destination', null, false, 'rail', 4, []],
    [13, 'at_inland_destination', null, false, 'rail', 3, ['last_free_day_soon']],
  ],
  QSDU2019185: [
    [-11, 'not_started', null, false, null, null, []],
    [-8, 'at_origin', null, false, null, null, []],
    [-7, 'at_origin', null, false, null, null, []],
    [-5.5, 'on_water', null, false, null, null, []],
    [-5, 'on_water', null, false, null, null, []],
    [3, 'on_water', null, false, null, null, []],
    [6, 'on_water', null, false, null, null, []],
    [6.25, 'on_water', null, false, null, null, []],
    [7, 'at_port', true, true, null, null, []],
    [8, 'at_port', true, true, null, null, []],
  ],
  QSDU2020550: [
    [-2.5, 'not_started', null, false, null, null, []],
    [0.5, 'at_origin', null, false, null, null, []],
    [1.5, 'at_origin', null, false, null, null, []],
    [3, 'on_water', null, false, null, null, []],
    [3.5, 'on_water', null, false, null, null, []],
    [10, 'on_water', null, false, null, null, []],
    [18, 'on_water', null, false, null, null, []],
    [18.25, 'on_water', null, false, null, null, []],
    [19, 'at_port', false, false, 'line', 7, ['holds']],
    [20, 'at_port', true, true, 'line', 6, []],
    [21, 'at_port', true, true, 'line', 5, []],
    [22, 'picked_up', null, false, 'line', null, []],
    [23, 'delivered', null, false, 'line', null, []],
    [27, 'empty_returned', null, false, 'line', null, []],
    [28, 'empty_returned', null, false, 'line', null, []],
  ],
};

/** Where each container is to be picked up: Chicago for the two rail scenarios, Los Angeles for the rest. */
const INLAND = new Set(['QSDU2012339', 'QSDU2017813']);

const SCENARIOS = SANDBOX_SCENARIOS.filter((s) => s.containers.length > 0);

describe('the journey of every sandbox container, as the tracker derives it', () => {
  it('covers every sandbox container', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual(SCENARIOS.flatMap((s) => s.containers.map((c) => c.number)).sort());
  });

  it.each(SCENARIOS.map((s) => [s.number, s] as const))('%s', async (_number, scenario) => {
    const days = [...new Set(scenario.steps.map((s) => s.day))].sort((a, b) => a - b);
    for (const day of [...days, days[days.length - 1]! + 1]) {
      const journeys = await journeysAt(scenario, day);
      for (const { number } of scenario.containers) {
        const row = EXPECTED[number]!.find(([d]) => d === day);
        const journey = journeys.get(number);
        if (row === undefined) {
          expect({ day, number, journey }).toEqual({ day, number, journey: undefined });
          continue;
        }
        const [, phase, available, ready, source, daysLeft, reasons] = row;
        expect({ day, number, phase: journey?.phase, available: journey?.available_for_pickup, ready: journey?.ready_for_pickup }).toEqual({
          day,
          number,
          phase,
          available,
          ready,
        });
        expect({
          day,
          number,
          source: journey?.last_free_day_source,
          daysLeft: journey?.days_left,
          reasons: journey?.risk_reasons,
        }).toEqual({
          day,
          number,
          source,
          daysLeft,
          reasons,
        });
        expect(journey?.pickup_at).toBe(INLAND.has(number) ? 'inland_destination' : 'port_of_discharge');
      }
    }
  });
});
