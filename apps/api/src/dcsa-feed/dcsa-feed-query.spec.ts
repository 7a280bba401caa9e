import { encodeDcsaCursor, parseDcsaFeedQuery } from './dcsa-feed-query';
import { DcsaRequestError } from './dcsa-request.error';

function problem(query: Record<string, unknown>): string | null {
  try {
    parseDcsaFeedQuery(query);
    return null;
  } catch (error) {
    if (error instanceof DcsaRequestError) return `${error.propertyPath}: ${error.message}`;
    throw error;
  }
}

describe('parseDcsaFeedQuery', () => {
  it('defaults to every event type and the largest page', () => {
    const query = parseDcsaFeedQuery({});
    expect([...query.eventTypes]).toEqual(['SHIPMENT', 'TRANSPORT', 'EQUIPMENT', 'IOT', 'REEFER']);
    expect(query.limit).toBe(100);
  });

  it.each([
    [{ limit: '500' }, 100],
    [{ limit: '7' }, 7],
  ])('caps the page size: %j → %d', (query, limit) => {
    expect(parseDcsaFeedQuery(query).limit).toBe(limit);
  });

  it.each([
    [{ page: '2' }, 'page: unknown query parameter page'],
    [{ equipmentReference: ['A', 'B'] }, 'equipmentReference: equipmentReference must be given once'],
    [{ equipmentReference: ' ' }, 'equipmentReference: equipmentReference must be 1-100 characters'],
    [{ eventTypes: 'EQUIPMENT,FOO' }, 'eventTypes: eventTypes: unknown event type FOO; use SHIPMENT, TRANSPORT, EQUIPMENT, IOT, REEFER'],
    [
      { eventUpdatedDateTimeMax: '2026-01-01' },
      'eventUpdatedDateTimeMax: eventUpdatedDateTimeMax must be an RFC 3339 date-time such as 2025-01-23T01:23:45Z',
    ],
    [{ limit: '-1' }, 'limit: limit must be a positive integer'],
    [{ cursor: 'not base64 json' }, 'cursor: cursor is not one this server gave'],
  ])('refuses %j', (query, expected) => {
    expect(problem(query)).toBe(expected);
  });

  it('accepts its own cursor with the same filters, in any order of event types, and refuses it with others', () => {
    const first = parseDcsaFeedQuery({ eventTypes: 'EQUIPMENT,TRANSPORT', equipmentReference: 'msku1234565' });
    const cursor = encodeDcsaCursor(
      { createdAt: new Date('2026-01-01T00:00:00Z'), id: '00000000-0000-4000-8000-000000000001' },
      first.fingerprint,
    );
    expect(parseDcsaFeedQuery({ eventTypes: 'TRANSPORT,EQUIPMENT', equipmentReference: 'MSKU1234565', limit: '5', cursor }).after).toEqual({
      createdAt: new Date('2026-01-01T00:00:00Z'),
      id: '00000000-0000-4000-8000-000000000001',
    });
    expect(problem({ eventTypes: 'TRANSPORT', cursor })).toBe(
      'cursor: cursor belongs to a request with other parameters: keep the first request’s parameters',
    );
  });
});
