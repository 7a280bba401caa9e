import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { validateDcsa3Push } from './dcsa3-push.validator';

const NOW = new Date('2026-04-01T00:00:00Z');
const message = (file: string): unknown => JSON.parse(readFileSync(resolve(__dirname, 'fixtures', file), 'utf8'));
const journey = (message('dcsa3-journey.json') as { events: Record<string, unknown>[] }).events;

describe('a body pushed to the DCSA 3.0 consumer endpoint', () => {
  it.each([
    ['tnt-300-request-transport.json', 'evt-trans-001-2026-01-20T12:30:00Z', ['ABC709951', 'HHL71800000']],
    ['tnt-300-request-shipment.json', 'evt-ship-001', ['ABC709951', 'HHL71800000']],
    ['tnt-300-request-equipment.json', 'evt-equip-001-2026-01-20T14:15:00Z', ['APZU4812090']],
  ])('the conformance POST /events message %s is accepted, with the numbers it names', async (file, eventId, refs) => {
    const result = await validateDcsa3Push(message(file), NOW);
    expect(result).toMatchObject({ ok: true, events: [{ eventId, refs }] });
  });

  it('keeps every event of a journey as sent, its version being eventUpdatedDateTime', async () => {
    const result = await validateDcsa3Push({ events: journey }, NOW);
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    expect(result.events.map((e) => e.body)).toEqual(journey);
    expect(result.events[3]).toMatchObject({
      eventId: 'qs-300-04',
      versionKey: '2026-03-05T18:40:00Z',
      refs: ['MSKU1234565', 'QSBK300001', 'QSBL300001'],
    });
  });

  it('accepts a bare retraction, whose version is its update time', async () => {
    const result = await validateDcsa3Push(
      { events: [{ eventID: 'qs-300-04', isRetracted: true, eventUpdatedDateTime: '2026-03-25T00:00:00Z' }] },
      NOW,
    );
    expect(result).toMatchObject({ ok: true, events: [{ eventId: 'qs-300-04', versionKey: '2026-03-25T00:00:00Z', refs: [] }] });
  });

  it.each([
    ['not an object', [], 'body'],
    ['no events member', { event: [] }, 'events'],
    ['no events', { events: [] }, 'events'],
    ['an eventID that is not a string', { events: [{ eventID: 7 }] }, 'events[0].eventID'],
    ['an eventID longer than the schema allows', { events: [{ ...journey[0], eventID: 'x'.repeat(501) }] }, 'events[0].eventID'],
    ['a date-time that is not RFC 3339', { events: [{ ...journey[0], eventDateTime: 'yesterday' }] }, 'events[0].eventDateTime'],
    [
      'a live event without its classifier',
      { events: [{ ...journey[0], eventClassification: { eventType: 'SHIPMENT' } }] },
      'events[0].eventClassification',
    ],
    ['an update time days in the future', { events: [{ ...journey[0], eventUpdatedDateTime: '2026-05-01T00:00:00Z' }] }, 'events[0]'],
  ])('refuses %s, naming the property', async (_name, body, path) => {
    const result = await validateDcsa3Push(body, NOW);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems[0]!.propertyPath.startsWith(path === 'body' ? '$' : path)).toBe(true);
  });
});
