import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DcsaEvent } from './dcsa-event';
import { eventsOfDcsa3Body, parseDcsa3Events } from './dcsa3-response.parser';

const NOW = new Date('2026-04-01T00:00:00Z');

function fixture(name: string): Record<string, unknown>[] {
  const events = eventsOfDcsa3Body(JSON.parse(readFileSync(join(__dirname, 'fixtures', `${name}.json`), 'utf8')));
  if (events === null) throw new Error(`${name} has no events`);
  return events as Record<string, unknown>[];
}

const summary = (e: DcsaEvent): string => `${e.eventType} ${e.code} ${e.classifier}`;

function parsed(list: unknown) {
  const result = parseDcsa3Events(list, NOW);
  if (!result.ok) throw new Error(result.problem);
  return result;
}

function problemOf(list: unknown): string | null {
  const result = parseDcsa3Events(list, NOW);
  return result.ok ? null : result.problem;
}

const journey = fixture('dcsa3-journey');
const base = journey[3] as Record<string, unknown>;
const withChanges = (changes: Record<string, unknown>) => ({ ...base, ...changes });

describe('parseDcsa3Events: the conformance and example messages', () => {
  it.each([
    ['tnt-300-response', ['SHIPMENT CONF ACT', 'TRANSPORT DEPA ACT', 'EQUIPMENT GTIN ACT'], ['IOT', 'REEFER']],
    ['tnt-300-response-nextpage', ['SHIPMENT APPR ACT', 'TRANSPORT ARRI EST', 'EQUIPMENT DISC ACT'], ['IOT', 'REEFER']],
    ['tnt-300-request-transport', ['TRANSPORT ARRI ACT'], []],
    ['tnt-300-request-equipment', ['EQUIPMENT LOAD ACT'], []],
    ['tnt-300-request-shipment', ['SHIPMENT CONF ACT'], []],
    ['tnt-300-request-iot', [], ['IOT']],
    ['tnt-300-request-reefer', [], ['REEFER']],
  ])('%s (short codes of early 2026) maps %j and keeps %j raw', (name, mapped, raw) => {
    const result = parsed(fixture(name));
    expect(result.events.map(summary)).toEqual(mapped);
    expect(result.unmapped.map((u) => u.eventType)).toEqual(raw);
  });

  it('reads the newest snapshot words: places, vessel, voyages, documents, equipment and seals', () => {
    const result = parsed(journey);
    expect(result.events.map(summary)).toEqual([
      'SHIPMENT CONF ACT',
      'EQUIPMENT GTOT ACT',
      'EQUIPMENT GTIN ACT',
      'EQUIPMENT LOAD ACT',
      'TRANSPORT DEPA ACT',
      'TRANSPORT ARRI EST',
      'TRANSPORT ARRI ACT',
      'EQUIPMENT DISC ACT',
      'EQUIPMENT GTOT ACT',
      'EQUIPMENT GTIN ACT',
    ]);
    expect(result.unmapped.map((u) => `${u.eventType}: ${u.reason}`)).toEqual([
      'TRANSPORT: transport event APPROACHING',
      'EQUIPMENT: equipment event AVAILABLE_FOR_PICKUP',
      'IOT: IOT event',
      'REEFER: REEFER event',
    ]);
    expect(result.events[3]).toEqual({
      eventId: 'qs-300-04',
      createdAt: Date.parse('2026-03-05T18:40:00Z'),
      happenedAt: Date.parse('2026-03-05T18:30:00Z'),
      classifier: 'ACT',
      documentReferences: [
        { type: 'BKG', value: 'QSBK300001' },
        { type: 'TRD', value: 'QSBL300001' },
      ],
      equipmentReferences: [],
      eventType: 'EQUIPMENT',
      code: 'LOAD',
      equipmentReference: 'MSKU1234565',
      isoEquipmentCode: '45G1',
      empty: false,
      locode: 'CNSHA',
      transportCall: {
        mode: 'VESSEL',
        locode: 'CNSHA',
        exportVoyageNumber: '2301W',
        importVoyageNumber: '2301E',
        carrierVoyageNumber: null,
        vessel: { imo: '9321483', name: 'KING OF THE SEAS' },
      },
      seals: [{ number: 'VET123', source: 'CARRIER' }],
    });
  });
});

describe('parseDcsa3Events: versions of one eventID', () => {
  const later = withChanges({ eventDateTime: '2026-03-06T04:00:00+08:00', eventUpdatedDateTime: '2026-03-06T00:00:00Z' });

  it('keeps the newest eventUpdatedDateTime, in any order', () => {
    for (const list of [
      [base, later],
      [later, base],
    ]) {
      const result = parsed(list);
      expect(result.events.map((e) => new Date(e.happenedAt).toISOString())).toEqual(['2026-03-05T20:00:00.000Z']);
    }
  });

  it('keeps an identical repeat once', () => {
    expect(parsed([base, base]).events).toHaveLength(1);
  });

  it('refuses two contents with the same eventUpdatedDateTime', () => {
    expect(problemOf([base, withChanges({ eventDateTime: '2026-03-06T04:00:00+08:00' })])).toBe(
      'events[0].eventID: qs-300-04 repeats with other content and the same eventUpdatedDateTime',
    );
  });

  it.each([
    ['isRetracted on a newer version', [base, { eventID: 'qs-300-04', isRetracted: true, eventUpdatedDateTime: '2026-03-07T00:00:00Z' }]],
    ['isRetracted without a time', [{ eventID: 'qs-300-04', isRetracted: true }, base]],
    ['a retractedEventID event with nothing else (3.0 beta)', [base, { eventID: 'retraction-1', retractedEventID: 'qs-300-04' }]],
  ])('drops the id for %s', (_name, list) => {
    const result = parsed(list);
    expect(result.events).toEqual([]);
    expect(result.retractedEventIds).toEqual(['qs-300-04']);
  });

  it('keeps a correction that names the event it retracts, and drops the retracted one', () => {
    const correction = { ...later, eventID: 'qs-300-04-b', retractedEventID: 'qs-300-04' };
    expect(parsed([base, correction]).events.map((e) => e.eventId)).toEqual(['qs-300-04-b']);
  });

  it('an older version after a retraction does not bring the event back', () => {
    expect(parsed([{ eventID: 'qs-300-04', isRetracted: true, eventUpdatedDateTime: '2026-03-07T00:00:00Z' }, base]).events).toEqual([]);
  });
});

describe('parseDcsa3Events: malformed messages', () => {
  it.each([
    ['not a list', { events: [] }, 'events: not an array'],
    ['an event that is not an object', ['event'], 'events[0]: not an object'],
    ['no eventID', [withChanges({ eventID: undefined })], 'events[0].eventID: missing'],
    ['a numeric eventID', [withChanges({ eventID: 42 })], 'events[0].eventID: not a string'],
    ['an eventID over 500 characters', [withChanges({ eventID: 'x'.repeat(501) })], 'events[0].eventID: longer than 500'],
    ['isRetracted not a boolean', [withChanges({ isRetracted: 'yes' })], 'events[0].isRetracted: not a boolean'],
    ['no eventDateTime', [withChanges({ eventDateTime: undefined })], 'events[0].eventDateTime: missing'],
    [
      'a date-time without offset',
      [withChanges({ eventDateTime: '2026-03-06 02:30' })],
      'events[0].eventDateTime: not an RFC 3339 date-time: "2026-03-06 02:30"',
    ],
    [
      'updated in the future',
      [withChanges({ eventUpdatedDateTime: '2026-05-01T00:00:00Z' })],
      'events[0].eventUpdatedDateTime: in the future',
    ],
    ['no classification', [withChanges({ eventClassification: undefined })], 'events[0].eventClassification: missing'],
    [
      'a classification that is a string',
      [withChanges({ eventClassification: 'EQUIPMENT' })],
      'events[0].eventClassification: not an object',
    ],
    [
      'no classifier',
      [withChanges({ eventClassification: { eventType: 'EQUIPMENT', equipmentEventType: 'LOADED' } })],
      'events[0].eventClassification.eventClassifier: missing',
    ],
    [
      'an equipment reference over 11',
      [withChanges({ equipmentDetails: { equipmentReference: 'MSKU12345650', emptyIndicator: 'LADEN' } })],
      'events[0].equipmentDetails.equipmentReference: longer than 11',
    ],
    [
      'a numeric IMO number',
      [withChanges({ transportDetails: { transportCall: { modeOfTransport: 'VESSEL', vesselTransport: { vesselIMONumber: 9321483 } } } })],
      'events[0].transportDetails.transportCall.vesselTransport.vesselIMONumber: not a string',
    ],
    [
      'a document reference that is not an object',
      [withChanges({ shipmentDetails: { documentReference: 'QSBK300001' } })],
      'events[0].shipmentDetails.documentReference: not an object',
    ],
  ])('%s', (_name, list, problem) => {
    expect(problemOf(list)).toBe(problem);
  });

  it('keeps codes the schema leaves open raw rather than failing', () => {
    const result = parsed([
      withChanges({ eventClassification: { eventType: 'EQUIPMENT', eventClassifier: 'ACTUAL', equipmentEventType: 'TELEPORTED' } }),
    ]);
    expect(result.events).toEqual([]);
    expect(result.unmapped.map((u) => u.reason)).toEqual(['equipment event TELEPORTED']);
  });
});
