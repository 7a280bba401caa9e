import type { RailContainerStatus, RailLookupResult } from '../ports/rail-adapter.port';
import type { TerminalContainerStatus, TerminalLookupResult } from '../ports/terminal-adapter.port';
import { SandboxRailAdapter } from './sandbox-rail.adapter';
import { SandboxTerminalAdapter } from './sandbox-terminal.adapter';

const SINCE = new Date('2026-08-14T10:00:00.000Z');
const COMPRESSION = 86_400;
const terminal = new SandboxTerminalAdapter({ clockCompression: COMPRESSION });
const rail = new SandboxRailAdapter({ clockCompression: COMPRESSION });

function atDay(day: number): Date {
  return new Date(SINCE.getTime() + day * 1000);
}

function only<T>(result: TerminalLookupResult | RailLookupResult): T {
  if (result.outcome !== 'found') throw new Error(`expected found, got ${result.detail}`);
  expect(result.containers).toHaveLength(1);
  return result.containers[0] as T;
}

async function terminalOn(number: string, day: number, firmsCode = 'TST1'): Promise<TerminalLookupResult> {
  return terminal.lookup({ firmsCode, containerNumbers: [number], trackingSince: SINCE, now: atDay(day) });
}

describe('SandboxTerminalAdapter', () => {
  it.each([
    [3, [], null],
    [4, ['customs:hold', 'freight:hold', 'USDA:pending'], false],
    [5, ['customs:hold', 'USDA:pending'], false],
    [6, ['customs:hold', 'USDA:hold'], false],
    [7, ['USDA:hold'], false],
    [8, [], true],
  ])('TEST-TR-HOLDS on day %s: holds %j, available %s', async (day, holds, available) => {
    const status = only<TerminalContainerStatus>(await terminalOn('QSDU2015071', day));
    expect(status.reportedHolds.map((h) => `${h.name}:${h.status}`)).toEqual(holds);
    expect(status.availableForPickup).toBe(available);
  });

  it.each([
    [7, []],
    [8, [{ type: 'demurrage', amount: 150, currency: 'USD' }]],
    [
      9,
      [
        { type: 'demurrage', amount: 300, currency: 'USD' },
        { type: 'exam', amount: 250, currency: 'USD' },
        { type: 'total', amount: 550, currency: 'USD' },
      ],
    ],
    [10, []],
  ])('TEST-TR-FEES on day %s posts %j', async (day, fees) => {
    const status = only<TerminalContainerStatus>(await terminalOn('QSDU2016442', day));
    expect(status.reportedFees.map(({ code, amount, currency }) => ({ type: code, amount, currency }))).toEqual(fees);
    expect(status.pickupLfdTerminal).toBe(day >= 3 ? atDay(7).toISOString() : null);
  });

  it.each([
    [3.9, null],
    [4, 8],
    [5, 9],
  ])('TEST-TR-LFD-CHANGES terminal last free day on day %s is day %s', async (day, lfdDay) => {
    const status = only<TerminalContainerStatus>(await terminalOn('QSDU2017813', day));
    expect(status.pickupLfdTerminal).toBe(lfdDay === null ? null : atDay(lfdDay).toISOString());
  });

  it('serves a container only at its current discharge terminal', async () => {
    expect(only<TerminalContainerStatus>(await terminalOn('QSDU2019185', 2, 'TST1')).containerNumber).toBe('QSDU2019185');
    expect(await terminalOn('QSDU2019185', 2, 'TST2')).toEqual({ outcome: 'found', containers: [] });
    expect(await terminalOn('QSDU2019185', 7, 'TST1')).toEqual({ outcome: 'found', containers: [] });
    const status = only<TerminalContainerStatus>(await terminalOn('QSDU2019185', 7, 'TST2'));
    expect([status.availableForPickup, status.locationAtPodTerminal]).toEqual([true, 'Row 12, Bay 4']);
  });

  it('plays the terminal side of the full lifecycle', async () => {
    const status = only<TerminalContainerStatus>(await terminalOn('QSDU2020550', 22.5));
    expect(status).toEqual({
      containerNumber: 'QSDU2020550',
      availableForPickup: true,
      reportedHolds: [],
      reportedFees: [],
      pickupLfdTerminal: atDay(24).toISOString(),
      pickupAppointmentAt: atDay(22).toISOString(),
      locationAtPodTerminal: null,
      fullOutAt: atDay(22).toISOString(),
      dischargedAt: atDay(19).toISOString(),
      timezone: 'America/Los_Angeles',
      checkedAt: atDay(22.5).toISOString(),
    });
  });

  it('leaves out containers it does not know', async () => {
    const result = await terminal.lookup({
      firmsCode: 'TST1',
      containerNumbers: ['MSCU1234566', 'TEST-TR-HOLDS', 'QSDU2001376'],
      trackingSince: SINCE,
      now: atDay(1),
    });
    expect(result.outcome === 'found' && result.containers.map((c) => c.containerNumber)).toEqual(['QSDU2001376']);
  });
});

describe('SandboxRailAdapter', () => {
  it.each([
    [9, [], null],
    [11, ['rail_loaded', 'rail_departed'], null],
    [14, ['rail_loaded', 'rail_departed', 'rail_arrived', 'arrived_at_inland_destination', 'rail_unloaded'], 17],
  ])('TEST-TR-RAIL on day %s has rail milestones %j and rail last free day day %s', async (day, events, lfdDay) => {
    const status = only<RailContainerStatus>(
      await rail.lookup({ railScac: 'TSTR', containerNumbers: ['QSDU2012339'], trackingSince: SINCE, now: atDay(day) }),
    );
    expect(status.milestones.map((m) => m.event.replace('container.transport.', ''))).toEqual(events);
    expect(status.milestones.every((m) => m.dataSource === 'rail')).toBe(true);
    expect(status.pickupLfdRail).toBe(lfdDay === null ? null : atDay(lfdDay).toISOString());
    expect([status.railCarrierScac, status.destination?.locode, status.destinationEtaAt]).toEqual([
      'TSTR',
      'USCHI',
      atDay(14).toISOString(),
    ]);
    expect(status.destinationFacility).toEqual({ name: 'Quayside Sandbox Rail Ramp', firmsCode: 'TSR1' });
  });

  it.each([
    [10, null],
    [11, 15],
    [12, 16],
  ])('TEST-TR-LFD-CHANGES rail last free day on day %s is day %s', async (day, lfdDay) => {
    const status = only<RailContainerStatus>(
      await rail.lookup({ railScac: 'TSTR', containerNumbers: ['QSDU2017813'], trackingSince: SINCE, now: atDay(day) }),
    );
    expect(status.pickupLfdRail).toBe(lfdDay === null ? null : atDay(lfdDay).toISOString());
  });

  it('knows nothing of containers that do not travel with it', async () => {
    const result = await rail.lookup({ railScac: 'TSTR', containerNumbers: ['QSDU2001376'], trackingSince: SINCE, now: atDay(30) });
    expect(result).toEqual({ outcome: 'found', containers: [] });
    const otherRail = await rail.lookup({ railScac: 'BNSF', containerNumbers: ['QSDU2012339'], trackingSince: SINCE, now: atDay(30) });
    expect(otherRail).toEqual({ outcome: 'found', containers: [] });
  });
});
