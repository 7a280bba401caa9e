import fc from 'fast-check';
import type { CarrierShipmentSnapshot, CarrierTrackQuery, CarrierTrackResult } from '../ports/carrier-adapter.port';
import { SandboxCarrierAdapter } from './sandbox-carrier.adapter';
import { SANDBOX_SCENARIOS } from './sandbox-scenarios';

const SINCE = new Date('2026-08-14T10:00:00.000Z');
/** One scenario day per real second. */
const COMPRESSION = 86_400;
const adapter = new SandboxCarrierAdapter({ clockCompression: COMPRESSION });

function atDay(day: number): Date {
  return new Date(SINCE.getTime() + day * 1000);
}

function query(number: string, day: number, kind: CarrierTrackQuery['kind'] = 'bill_of_lading'): CarrierTrackQuery {
  return { kind, number, scac: 'TEST', trackingSince: SINCE, now: atDay(day) };
}

function shipmentOf(result: CarrierTrackResult): CarrierShipmentSnapshot {
  if (result.outcome !== 'found') throw new Error(`expected found, got ${result.outcome}`);
  return result.shipment;
}

function events(result: CarrierTrackResult, container = 0): string[] {
  const snapshot = shipmentOf(result).containers[container];
  return (snapshot?.milestones ?? []).map((m) => m.event.replace('container.transport.', ''));
}

const ISO_LETTERS = (() => {
  const values = new Map<string, number>();
  let n = 10;
  for (const letter of 'ABCDEFGHIJKLMNOPQRSTUVWXYZ') {
    if (n % 11 === 0) n += 1;
    values.set(letter, n);
    n += 1;
  }
  return values;
})();

function iso6346CheckDigit(number: string): number {
  let sum = 0;
  [...number.slice(0, 10)].forEach((ch, i) => {
    sum += (ISO_LETTERS.get(ch) ?? Number(ch)) * 2 ** i;
  });
  return (sum % 11) % 10;
}

describe('sandbox scenarios (data)', () => {
  const containers = SANDBOX_SCENARIOS.flatMap((s) => s.containers.map((c) => c.number));

  it.each(containers)('container %s is a valid ISO 6346 number', (number) => {
    expect(number).toMatch(/^[A-Z]{3}U\d{7}$/);
    expect(iso6346CheckDigit(number)).toBe(Number(number[10]));
  });

  it('uses every tracking, booking and container number once', () => {
    const numbers = [...SANDBOX_SCENARIOS.flatMap((s) => [s.number, s.bookingNumber ?? `none-${s.number}`]), ...containers];
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it('keeps the established API test numbers TEST-TR-SUCCEEDED and TEST-TR-FAILED', () => {
    expect(SANDBOX_SCENARIOS.map((s) => s.number)).toEqual(expect.arrayContaining(['TEST-TR-SUCCEEDED', 'TEST-TR-FAILED']));
  });
});

describe('SandboxCarrierAdapter', () => {
  it.each([
    ['TEST-TR-FAILED', 'not_found'],
    ['TEST-TR-INVALID-NUMBER', 'invalid_number'],
    ['TEST-TR-BOOKING-CANCELLED', 'booking_cancelled'],
    ['TEST-TR-DATA-UNAVAILABLE', 'data_unavailable'],
    ['TEST-TR-NO-SUCH-NUMBER', 'not_found'],
    ['TEST-TR-SUCCEEDED', 'found'],
    ['test-tr-succeeded', 'found'],
  ])('answers %s with %s at once', async (number, outcome) => {
    expect((await adapter.track(query(number, 0))).outcome).toBe(outcome);
  });

  it.each([
    [0.5, 'transient_failure'],
    [1, 'found'],
  ])('TEST-TR-UNREACHABLE on day %s is %s', async (day, outcome) => {
    const result = await adapter.track(query('TEST-TR-UNREACHABLE', day));
    expect(result.outcome).toBe(outcome);
    if (result.outcome === 'transient_failure') expect(result.reason).toBe('shipping_line_unreachable');
  });

  it.each([
    [0, 'not_manifested', []],
    [1.9, 'not_manifested', []],
    [2, 'found', ['empty_out', 'full_in']],
    [3, 'found', ['empty_out', 'full_in', 'vessel_loaded', 'vessel_departed']],
  ])('TEST-TR-AWAITING-MANIFEST on day %s is %s with %j', async (day, outcome, expected) => {
    const result = await adapter.track(query('TEST-TR-AWAITING-MANIFEST', day));
    expect(result.outcome).toBe(outcome);
    if (result.outcome === 'found') expect(events(result)).toEqual(expected);
  });

  it('stamps each milestone at start + day / compression, in UTC with the zone of its port', async () => {
    const [first] = shipmentOf(await adapter.track(query('TEST-TR-AWAITING-MANIFEST', 2))).containers[0]!.milestones;
    expect(first).toEqual({
      event: 'container.transport.empty_out',
      timestamp: SINCE.toISOString(),
      timezone: 'Asia/Shanghai',
      locode: 'CNSHA',
      vesselName: null,
      vesselImo: null,
      voyageNumber: null,
      dataSource: 'shipping_line',
      originalEvent: 'Empty Out',
      locationName: 'Shanghai',
    });
  });

  it('plays a bill of lading with three containers discharged one after another', async () => {
    const shipment = shipmentOf(await adapter.track(query('TEST-TR-MULTI-CONTAINER', 7.5)));
    expect(shipment.containers.map((c) => [c.number, c.equipment, c.milestones.at(-1)?.event])).toEqual([
      ['QSDU2006850', { type: 'dry', length: 40, height: 'high_cube' }, 'container.transport.vessel_discharged'],
      ['QSDU2008220', { type: 'dry', length: 20, height: 'standard' }, 'container.transport.vessel_discharged'],
      ['QSDU2009593', { type: 'reefer', length: 40, height: 'high_cube' }, 'container.transport.vessel_arrived'],
    ]);
  });

  it('returns only the tracked container when tracked by container number', async () => {
    const shipment = shipmentOf(await adapter.track(query('QSDU2008220', 8, 'container')));
    expect(shipment.billOfLadingNumber).toBe('TEST-TR-MULTI-CONTAINER');
    expect(shipment.containers.map((c) => c.number)).toEqual(['QSDU2008220']);
  });

  it('plays a transshipment with a vessel change and a revised arrival estimate', async () => {
    const before = shipmentOf(await adapter.track(query('TEST-TR-TRANSSHIPMENT', 5)));
    const after = shipmentOf(await adapter.track(query('TEST-TR-TRANSSHIPMENT', 20)));
    expect(before.podEtaAt).toBe(atDay(20).toISOString());
    expect(after.podEtaAt).toBe(atDay(19).toISOString());
    expect(after.podVessel).toEqual({ name: 'QUAYSIDE HORIZON', imo: '9411111', voyage: '105E' });
    expect(events(await adapter.track(query('TEST-TR-TRANSSHIPMENT', 20)))).toEqual([
      'empty_out',
      'full_in',
      'vessel_loaded',
      'vessel_departed',
      'transshipment_arrived',
      'transshipment_discharged',
      'transshipment_loaded',
      'transshipment_departed',
      'vessel_arrived',
      'vessel_berthed',
      'vessel_discharged',
    ]);
    const loaded = after.containers[0]!.milestones.filter((m) => m.event.endsWith('_loaded')).map((m) => [m.locode, m.vesselName]);
    expect(loaded).toEqual([
      ['CNSHA', 'QUAYSIDE PIONEER'],
      ['SGSIN', 'QUAYSIDE HORIZON'],
    ]);
  });

  it('plays a rail leg: the line reports the inland destination and its estimate, not the rail moves', async () => {
    const shipment = shipmentOf(await adapter.track(query('TEST-TR-RAIL', 20)));
    expect(shipment.destination).toEqual({ locode: 'USCHI', name: 'Chicago', timeZone: 'America/Chicago' });
    expect(shipment.destinationEtaAt).toBe(atDay(14).toISOString());
    expect(shipment.destinationAtaAt).toBe(atDay(13.5).toISOString());
    expect(shipment.containers[0]!.podRailCarrierScac).toBe('TSTR');
    expect(events(await adapter.track(query('TEST-TR-RAIL', 20)))).toEqual([
      'empty_out',
      'full_in',
      'vessel_loaded',
      'vessel_departed',
      'vessel_arrived',
      'vessel_berthed',
      'vessel_discharged',
      'full_out',
      'empty_in',
    ]);
  });

  it('changes the discharge terminal on day 3', async () => {
    expect(shipmentOf(await adapter.track(query('TEST-TR-POD-TERMINAL-CHANGE', 2.9))).podTerminalFirmsCode).toBe('TST1');
    expect(shipmentOf(await adapter.track(query('TEST-TR-POD-TERMINAL-CHANGE', 3))).podTerminalFirmsCode).toBe('TST2');
  });

  it.each([
    [1, ['empty_out'], null, false],
    [10, ['empty_out', 'full_in', 'vessel_loaded', 'vessel_departed'], 18, false],
    [
      19.5,
      ['empty_out', 'full_in', 'vessel_loaded', 'vessel_departed', 'vessel_arrived', 'vessel_berthed', 'vessel_discharged'],
      18,
      false,
    ],
    [
      27,
      [
        'empty_out',
        'full_in',
        'vessel_loaded',
        'vessel_departed',
        'vessel_arrived',
        'vessel_berthed',
        'vessel_discharged',
        'full_out',
        'delivered',
        'empty_in',
      ],
      18,
      true,
    ],
  ])('plays the full lifecycle: day %s has %j, ETA day %s, empty returned %s', async (day, expected, etaDay, emptyReturned) => {
    const result = await adapter.track(query('TEST-TR-FULL-LIFECYCLE', day));
    expect(events(result)).toEqual(expected);
    const shipment = shipmentOf(result);
    expect(shipment.podEtaAt).toBe(etaDay === null ? null : atDay(etaDay).toISOString());
    expect(shipment.containers[0]!.emptyReturned).toBe(emptyReturned);
  });

  it('moves the arrival estimate of the full lifecycle from day 17 to day 18 on day 10', async () => {
    expect(shipmentOf(await adapter.track(query('TEST-TR-FULL-LIFECYCLE', 9.9))).podEtaAt).toBe(atDay(17).toISOString());
    expect(shipmentOf(await adapter.track(query('TEST-TR-FULL-LIFECYCLE', 10))).podEtaAt).toBe(atDay(18).toISOString());
  });

  it.each([
    [0, 'not set'],
    [4, atDay(12).toISOString()],
    [6, atDay(14).toISOString()],
  ])('reports the line last free day of TEST-TR-LFD-CHANGES on day %s as %s', async (day, expected) => {
    const lfd = shipmentOf(await adapter.track(query('TEST-TR-LFD-CHANGES', day))).containers[0]!.pickupLfdLine;
    expect(lfd ?? 'not set').toBe(expected);
  });

  it('gives the same answer to separate instances (processes) for the same start and instant', async () => {
    const other = new SandboxCarrierAdapter({ clockCompression: COMPRESSION });
    expect(await other.track(query('TEST-TR-FULL-LIFECYCLE', 21.3))).toEqual(await adapter.track(query('TEST-TR-FULL-LIFECYCLE', 21.3)));
  });

  it('shows the same events at the same scenario day whatever the clock compression', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.double({ min: 1, max: 1_000_000, noNaN: true }),
        fc.double({ min: 0, max: 30, noNaN: true }),
        async (compression, day) => {
          const compressed = new SandboxCarrierAdapter({ clockCompression: compression });
          const now = new Date(SINCE.getTime() + (day * 86_400_000) / compression);
          const played = await compressed.track({ ...query('TEST-TR-FULL-LIFECYCLE', 0), now });
          const reference = await adapter.track(query('TEST-TR-FULL-LIFECYCLE', day));
          expect(events(played)).toEqual(events(reference));
        },
      ),
      { numRuns: 200 },
    );
  });

  it.each([0, -1, Number.NaN, Number.POSITIVE_INFINITY])('refuses clock compression %s at construction', (compression) => {
    expect(() => new SandboxCarrierAdapter({ clockCompression: compression })).toThrow(/clock compression/);
  });
});
