import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseDcsaEvents } from './dcsa-response.parser';
import { shipmentEvent, transportEvent } from './__tests__/dcsa-test-events';

const NOW = new Date('2026-08-14T12:00:00Z');

function fixtureEvents(name: string): Record<string, unknown>[] {
  return JSON.parse(readFileSync(join(__dirname, 'fixtures', `${name}.json`), 'utf8')) as Record<string, unknown>[];
}

function problemOf(body: unknown, now = NOW): string | null {
  const result = parseDcsaEvents(body, now);
  return result.ok ? null : result.problem;
}

describe('parseDcsaEvents', () => {
  const dateTimes = fixtureEvents('tnt-220-response-wrong-date-times');
  const eventIds = fixtureEvents('tnt-220-response-wrong-event-ids');

  it.each([
    ['a valid event without eventID', dateTimes[0], null],
    ['missing eventCreatedDateTime', dateTimes[1], '[0].eventCreatedDateTime: missing'],
    ['missing eventDateTime', dateTimes[2], '[0].eventDateTime: missing'],
    ['wrong eventCreatedDateTime format', dateTimes[3], '[0].eventCreatedDateTime: not an RFC 3339 date-time: "2021 01 01 14:12:56"'],
    ['wrong eventDateTime format', dateTimes[4], '[0].eventDateTime: not an RFC 3339 date-time: "2019/11/12 07:41:00 +08:30"'],
    ['an actual event created before it happened', dateTimes[5], '[0].eventDateTime: an actual event after its creation'],
    ['an event created in the future', dateTimes[6], '[0].eventCreatedDateTime: in the future'],
    ['a numeric eventID', eventIds[0], '[0].eventID: not a string'],
    ['an eventID that is not a UUID', eventIds[1], '[0].eventID: not a UUID: "incorrect"'],
  ])('%s', (_case, event, problem) => {
    expect(problemOf([event])).toBe(problem);
  });

  it.each([
    ['an object instead of an array', { events: [] }, 'response: not an array of events'],
    ['an event that is not an object', ['text'], '[0]: not an object'],
    ['an unknown eventType', [{ ...shipmentEvent('DRFT', 'TRD', 'X'), eventType: 'CUSTOMS' }], '[0].eventType: unknown value "CUSTOMS"'],
    [
      'an unknown classifier',
      [{ ...shipmentEvent('DRFT', 'TRD', 'X'), eventClassifierCode: 'REQ' }],
      '[0].eventClassifierCode: unknown value "REQ"',
    ],
    [
      'a transport event without its call',
      [{ ...transportEvent('ARRI', 'ACT', '2026-07-01T00:00:00Z', { locode: 'USLAX' }), transportCall: undefined }],
      '[0].transportCall: missing',
    ],
    [
      'an unknown mode of transport',
      [transportEvent('ARRI', 'ACT', '2026-07-01T00:00:00Z', { locode: 'USLAX', mode: 'AIR' as 'RAIL' })],
      '[0].transportCall.modeOfTransport: unknown value "AIR"',
    ],
    [
      'a UN/LOCODE longer than 5',
      [transportEvent('ARRI', 'ACT', '2026-07-01T00:00:00Z', { locode: 'USLAXX' })],
      '[0].transportCall.UNLocationCode: longer than 5',
    ],
  ])('rejects %s', (_case, body, problem) => {
    expect(problemOf(body)).toBe(problem);
  });

  it('keeps one of identical repeats of an event and rejects an eventID reused for other content', () => {
    const event = shipmentEvent('DRFT', 'TRD', 'BL1');
    const result = parseDcsaEvents([event, { ...event }], NOW);
    expect(result.ok && result.events.length).toBe(1);
    expect(problemOf([event, { ...event, documentID: 'BL2' }])).toMatch(/^\[1\]\.eventID: .* repeats with other content$/);
  });

  it('applies the UTC offset of each date-time', () => {
    const result = parseDcsaEvents([transportEvent('ARRI', 'ACT', '2026-07-01T08:00:00+08:00', { locode: 'CNSHA' })], NOW);
    expect(result.ok && result.events[0]?.happenedAt).toBe(Date.parse('2026-07-01T00:00:00Z'));
  });
});
