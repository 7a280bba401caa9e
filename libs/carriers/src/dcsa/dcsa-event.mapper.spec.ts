import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CarrierShipmentSnapshot, CarrierTrackQuery, CarrierTrackResult } from '../ports/carrier-adapter.port';
import { fallbackTimeZoneOf } from '../time-zones/fallback-time-zones';
import type { DcsaEvent } from './dcsa-event';
import { locodesOf, mapDcsaEvents } from './dcsa-event.mapper';

import { parseDcsaEvents } from './dcsa-response.parser';
import { equipmentEvent, shipmentEvent, transportEvent } from './__tests__/dcsa-test-events';

const NOW = new Date('2026-08-14T12:00:00Z');

function fixture(name: string): unknown {
  return JSON.parse(readFileSync(join(__dirname, 'fixtures', `${name}.json`), 'utf8'));
}

function parsed(body: unknown): DcsaEvent[] {
  const result = parseDcsaEvents(body, NOW);
  if (!result.ok) throw new Error(result.problem);
  return result.events;
}

function track(
  body: unknown,
  kind: CarrierTrackQuery['kind'],
  number: string,
  knownPorts?: CarrierTrackQuery['knownPorts'],
): CarrierTrackResult {
  const events = parsed(body);
  const zones = new Map(locodesOf(events).map((l) => [l, fallbackTimeZoneOf(l)]));
  return mapDcsaEvents(events, { kind, number, scac: 'DCSA', trackingSince: NOW, now: NOW, knownPorts }, { zones });
}

function shipmentOf(result: CarrierTrackResult): CarrierShipmentSnapshot {
  if (result.outcome !== 'found') throw new Error(`expected found, got ${result.outcome}`);
  return result.shipment;
}

/** `event@locode timestamp timezone vessel/voyage`, one string per milestone, for readable tables. */
function milestoneLines(result: CarrierTrackResult, container = 0): string[] {
  return (shipmentOf(result).containers[container]?.milestones ?? []).map(
    (m) =>
      `${m.event.replace('container.transport.', '')}@${m.locode} ${m.timestamp} ${m.timezone} ${m.vesselName ?? '-'}/${m.voyageNumber ?? '-'}`,
  );
}

describe('mapDcsaEvents: conformance messages', () => {
  it.each([
    [
      'tnt-220-response',
      'bill_of_lading',
      'reserved-HHL123',
      ['APZU4812090'],
      ['vessel_arrived@FRPAR 2021-01-09T13:12:56.000Z Europe/Paris King of the Seas/2103N'],
    ],
    [
      'tnt-220-response',
      'container',
      'APZU4812090',
      ['APZU4812090'],
      ['vessel_arrived@FRPAR 2021-01-09T13:12:56.000Z Europe/Paris King of the Seas/2103N'],
    ],
    [
      'tnt-220-response-wrong-attribute-values',
      'bill_of_lading',
      'HHL123',
      ['APZU2134567'],
      ['vessel_departed@XYABC 2021-01-09T13:12:56.000Z null -/1234W'],
    ],
    [
      'tnt-220-response-wrong-attribute-values',
      'container',
      'APZU4812090',
      ['APZU4812090'],
      ['vessel_departed@XYABC 2021-01-09T13:12:56.000Z null -/1234W'],
    ],
  ] as const)('%s tracked by %s %s → containers %j with milestones %j', (name, kind, number, containers, milestones) => {
    const result = track(fixture(name), kind, number);
    expect(shipmentOf(result).containers.map((c) => c.number)).toEqual(containers);
    expect(milestoneLines(result)).toEqual(milestones);
  });

  it('reads documents, ports, equipment and seal of the valid conformance response', () => {
    const shipment = shipmentOf(track(fixture('tnt-220-response'), 'bill_of_lading', 'reserved-HHL123'));
    expect(shipment).toMatchObject({
      billOfLadingNumber: 'reserved-HHL123',
      bookingNumber: 'ABC123123123',
      portOfLading: null,
      portOfDischarge: { locode: 'FRPAR', name: null, timeZone: 'Europe/Paris' },
      podVessel: { name: 'King of the Seas', imo: '9321483', voyage: '2103N' },
      podAtaAt: '2021-01-09T13:12:56.000Z',
      cancelled: false,
    });
    expect(shipment.containers[0]).toMatchObject({
      isoSizeType: '22GP',
      // Normalized by the domain rule from the raw code the carrier sent.
      equipment: { type: 'dry', length: 20, height: 'standard' },
      sealNumber: 'string',
      estimates: [],
      emptyReturned: false,
    });
  });

  it.each(['tnt-220-response-wrong-structure', 'tnt-220-response-wrong-date-times', 'tnt-220-response-wrong-event-ids'])(
    'rejects %s as malformed',
    (name) => {
      const result = parseDcsaEvents(fixture(name), NOW);
      expect(result.ok).toBe(false);
    },
  );
});

const A = { imo: '9321483', name: 'KING OF THE SEAS' };
const B = { imo: '9411111', name: 'QUEEN OF THE SEAS' };
const C = 'APZU4812090';

/** Shanghai → Singapore (transshipment) → Los Angeles → rail to Chicago → empty return. */
const JOURNEY = [
  equipmentEvent('GTOT', true, '2026-07-01T08:00:00+08:00', C, { locode: 'CNSHA' }),
  equipmentEvent('GTIN', false, '2026-07-03T09:00:00+08:00', C, { locode: 'CNSHA' }),
  equipmentEvent('LOAD', false, '2026-07-05T10:00:00+08:00', C, { locode: 'CNSHA', vessel: A, exportVoyage: '001E' }),
  transportEvent('DEPA', 'PLN', '2026-07-05T18:00:00+08:00', { locode: 'CNSHA', vessel: A, exportVoyage: '001E' }),
  transportEvent('DEPA', 'ACT', '2026-07-05T20:00:00+08:00', { locode: 'CNSHA', vessel: A, exportVoyage: '001E' }),
  transportEvent('ARRI', 'ACT', '2026-07-10T06:00:00+08:00', { locode: 'SGSIN', vessel: A, importVoyage: '001E' }),
  equipmentEvent('DISC', false, '2026-07-10T12:00:00+08:00', C, { locode: 'SGSIN', vessel: A, importVoyage: '001E' }),
  equipmentEvent('LOAD', false, '2026-07-12T10:00:00+08:00', C, { locode: 'SGSIN', vessel: B, exportVoyage: '002E' }),
  transportEvent('DEPA', 'ACT', '2026-07-12T22:00:00+08:00', { locode: 'SGSIN', vessel: B, exportVoyage: '002E' }),
  transportEvent('ARRI', 'EST', '2026-07-30T08:00:00-07:00', { locode: 'USLAX', vessel: B, importVoyage: '002E' }, '2026-07-12T00:00:00Z'),
  transportEvent('ARRI', 'EST', '2026-07-31T05:00:00-07:00', { locode: 'USLAX', vessel: B, importVoyage: '002E' }, '2026-07-20T00:00:00Z'),
  transportEvent('ARRI', 'PLN', '2026-07-29T05:00:00-07:00', { locode: 'USLAX', vessel: B, importVoyage: '002E' }, '2026-07-20T00:00:00Z'),
  transportEvent('ARRI', 'ACT', '2026-07-31T06:00:00-07:00', { locode: 'USLAX', vessel: B, importVoyage: '002E' }),
  equipmentEvent('DISC', false, '2026-07-31T12:00:00-07:00', C, { locode: 'USLAX', vessel: B, importVoyage: '002E' }),
  equipmentEvent('LOAD', false, '2026-08-02T09:00:00-07:00', C, { locode: 'USLAX', mode: 'RAIL' }),
  transportEvent('DEPA', 'ACT', '2026-08-02T11:00:00-07:00', { locode: 'USLAX', mode: 'RAIL' }),
  transportEvent('ARRI', 'EST', '2026-08-06T08:00:00-05:00', { locode: 'USCHI', mode: 'RAIL' }, '2026-08-02T00:00:00Z'),
  transportEvent('ARRI', 'ACT', '2026-08-06T10:00:00-05:00', { locode: 'USCHI', mode: 'RAIL' }),
  equipmentEvent('DISC', false, '2026-08-06T14:00:00-05:00', C, { locode: 'USCHI', mode: 'RAIL' }),
  equipmentEvent('GTOT', false, '2026-08-07T09:00:00-05:00', C, { locode: 'USCHI' }),
  equipmentEvent('GTIN', true, '2026-08-10T15:00:00-05:00', C, { locode: 'USCHI' }),
  shipmentEvent('ISSU', 'TRD', 'BL123'),
];

describe('mapDcsaEvents: a whole journey', () => {
  const result = track(JOURNEY, 'bill_of_lading', 'BL123');

  it('turns actual events into the milestones of each leg, in UTC with the local zone', () => {
    expect(milestoneLines(result)).toEqual([
      'empty_out@CNSHA 2026-07-01T00:00:00.000Z Asia/Shanghai -/-',
      'full_in@CNSHA 2026-07-03T01:00:00.000Z Asia/Shanghai -/-',
      'vessel_loaded@CNSHA 2026-07-05T02:00:00.000Z Asia/Shanghai KING OF THE SEAS/001E',
      'vessel_departed@CNSHA 2026-07-05T12:00:00.000Z Asia/Shanghai KING OF THE SEAS/001E',
      'transshipment_arrived@SGSIN 2026-07-09T22:00:00.000Z Asia/Singapore KING OF THE SEAS/001E',
      'transshipment_discharged@SGSIN 2026-07-10T04:00:00.000Z Asia/Singapore KING OF THE SEAS/001E',
      'transshipment_loaded@SGSIN 2026-07-12T02:00:00.000Z Asia/Singapore QUEEN OF THE SEAS/002E',
      'transshipment_departed@SGSIN 2026-07-12T14:00:00.000Z Asia/Singapore QUEEN OF THE SEAS/002E',
      'vessel_arrived@USLAX 2026-07-31T13:00:00.000Z America/Los_Angeles QUEEN OF THE SEAS/002E',
      'vessel_discharged@USLAX 2026-07-31T19:00:00.000Z America/Los_Angeles QUEEN OF THE SEAS/002E',
      'rail_loaded@USLAX 2026-08-02T16:00:00.000Z America/Los_Angeles -/-',
      'rail_departed@USLAX 2026-08-02T18:00:00.000Z America/Los_Angeles -/-',
      'rail_arrived@USCHI 2026-08-06T15:00:00.000Z America/Chicago -/-',
      'arrived_at_inland_destination@USCHI 2026-08-06T15:00:00.000Z America/Chicago -/-',
      'rail_unloaded@USCHI 2026-08-06T19:00:00.000Z America/Chicago -/-',
      'full_out@USCHI 2026-08-07T14:00:00.000Z America/Chicago -/-',
      'empty_in@USCHI 2026-08-10T20:00:00.000Z America/Chicago -/-',
    ]);
    expect(shipmentOf(result).containers[0]!.emptyReturned).toBe(true);
  });

  it('keeps the newest estimate per event and place (EST over PLN when reported together)', () => {
    expect(shipmentOf(result).containers[0]!.estimates.map((e) => `${e.event}@${e.locode} ${e.timestamp}`)).toEqual([
      'container.transport.estimated.vessel_departed@CNSHA 2026-07-05T10:00:00.000Z',
      'container.transport.estimated.vessel_arrived@USLAX 2026-07-31T12:00:00.000Z',
      'container.transport.estimated.arrived_at_inland_destination@USCHI 2026-08-06T13:00:00.000Z',
    ]);
  });

  it('finds ports, vessel at the port of discharge and the shipment times', () => {
    expect(shipmentOf(result)).toMatchObject({
      billOfLadingNumber: 'BL123',
      bookingNumber: 'BKG123',
      portOfLading: { locode: 'CNSHA', timeZone: 'Asia/Shanghai' },
      portOfDischarge: { locode: 'USLAX', timeZone: 'America/Los_Angeles' },
      destination: { locode: 'USCHI', timeZone: 'America/Chicago' },
      podVessel: { name: 'QUEEN OF THE SEAS', imo: '9411111', voyage: '002E' },
      polEtdAt: '2026-07-05T10:00:00.000Z',
      polAtdAt: '2026-07-05T12:00:00.000Z',
      podEtaAt: '2026-07-31T12:00:00.000Z',
      podAtaAt: '2026-07-31T13:00:00.000Z',
      destinationEtaAt: '2026-08-06T13:00:00.000Z',
      destinationAtaAt: '2026-08-06T15:00:00.000Z',
    });
  });

  it('maps barge legs to feeder milestones', () => {
    const barge = { locode: 'CNWUH', mode: 'BARGE' as const };
    const events = [
      equipmentEvent('LOAD', false, '2026-06-25T10:00:00+08:00', C, barge),
      transportEvent('DEPA', 'ACT', '2026-06-25T12:00:00+08:00', barge),
      transportEvent('ARRI', 'ACT', '2026-06-30T12:00:00+08:00', { locode: 'CNSHA', mode: 'BARGE' }),
      equipmentEvent('DISC', false, '2026-06-30T14:00:00+08:00', C, { locode: 'CNSHA', mode: 'BARGE' }),
      ...JOURNEY.slice(2, 5),
    ];
    expect(milestoneLines(track(events, 'container', C)).map((line) => line.split(' ')[0])).toEqual([
      'feeder_loaded@CNWUH',
      'feeder_departed@CNWUH',
      'feeder_arrived@CNSHA',
      'feeder_discharged@CNSHA',
      'vessel_loaded@CNSHA',
      'vessel_departed@CNSHA',
    ]);
  });

  it('uses the document ports when known: an arrival before the port of discharge is a transshipment', () => {
    const events = [transportEvent('ARRI', 'ACT', '2026-07-10T06:00:00+08:00', { locode: 'SGSIN', vessel: A })];
    expect(milestoneLines(track(events, 'container', C)).map((l) => l.split(' ')[0])).toEqual(['vessel_arrived@SGSIN']);
    const known = track(events, 'container', C, { portOfLading: 'CNSHA', portOfDischarge: 'USLAX' });
    expect(milestoneLines(known).map((l) => l.split(' ')[0])).toEqual(['transshipment_arrived@SGSIN']);
  });

  it('keeps the newest report when a carrier corrects an actual time', () => {
    const corrected = {
      ...JOURNEY[4]!,
      eventID: undefined,
      eventDateTime: '2026-07-05T21:00:00+08:00',
      eventCreatedDateTime: '2026-07-06T00:00:00Z',
    };
    const lines = milestoneLines(track([...JOURNEY.slice(0, 5), corrected], 'bill_of_lading', 'BL123'));
    expect(lines.filter((l) => l.startsWith('vessel_departed'))).toEqual([
      'vessel_departed@CNSHA 2026-07-05T13:00:00.000Z Asia/Shanghai KING OF THE SEAS/001E',
    ]);
  });
});

describe('mapDcsaEvents: outcomes without a shipment', () => {
  it.each([
    ['bill_of_lading', 'not_manifested'],
    ['booking_number', 'not_manifested'],
    ['container', 'not_found'],
  ] as const)('an empty list for a %s is %s', (kind, outcome) => {
    expect(track([], kind, 'X1').outcome).toBe(outcome);
  });

  it('a bill of lading with documents only is not manifested yet', () => {
    expect(track([shipmentEvent('DRFT', 'TRD', 'BL123')], 'bill_of_lading', 'BL123').outcome).toBe('not_manifested');
  });

  it('a voided booking is cancelled when tracked by booking, and flagged when tracked by bill of lading', () => {
    const events = [...JOURNEY.slice(0, 3), shipmentEvent('VOID', 'BKG', 'BKG123')];
    expect(track(events, 'booking_number', 'BKG123')).toEqual({ outcome: 'booking_cancelled' });
    expect(shipmentOf(track(events, 'bill_of_lading', 'BL123')).cancelled).toBe(true);
  });
});
