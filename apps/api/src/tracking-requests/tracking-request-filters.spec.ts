import { parseTrackingRequestFilters } from './tracking-request-filters';

describe('GET /v2/tracking_requests filters', () => {
  it.each([
    ['nothing', {}, {}],
    ['a search', { q: ' po-77 ' }, { q: 'po-77' }],
    ['a blank search (ignored)', { q: '  ' }, {}],
    ['a request number, normalized as stored', { 'filter[request_number]': ' medu fr030802' }, { request_number: 'MEDUFR030802' }],
    ['one status', { 'filter[status]': 'pending' }, { status: ['pending'] }],
    [
      'several statuses, with the established API name `created`',
      { 'filter[status]': 'created, failed,succeeded' },
      { status: ['succeeded', 'failed'] },
    ],
    ['a SCAC', { 'filter[scac]': 'mscu' }, { scac: 'MSCU' }],
    [
      'both ranges',
      {
        'filter[created_at][start]': '2026-08-01T00:00:00Z',
        'filter[created_at][end]': '2026-08-02',
        'filter[updated_at][end]': '2026-08-03T10:00:00+02:00',
      },
      {
        created_at: { start: new Date('2026-08-01T00:00:00Z'), end: new Date('2026-08-02T00:00:00Z') },
        updated_at: { end: new Date('2026-08-03T08:00:00Z') },
      },
    ],
  ])('reads %s', (_label, query, expected) => {
    expect(parseTrackingRequestFilters(query)).toEqual(expected);
  });

  it.each([
    ['an unknown status', { 'filter[status]': 'done' }, 'filter[status]'],
    ['a date that is not ISO 8601', { 'filter[created_at][start]': 'yesterday' }, 'filter[created_at][start]'],
    ['an impossible date', { 'filter[updated_at][end]': '2026-02-30T25:00:00Z' }, 'filter[updated_at][end]'],
    [
      'a start after the end',
      { 'filter[created_at][start]': '2026-08-02', 'filter[created_at][end]': '2026-08-01' },
      'filter[created_at][start]',
    ],
    ['a parameter given twice', { 'filter[scac]': ['MSCU', 'MAEU'] }, 'filter[scac]'],
    ['a filter the endpoint does not know', { 'filter[number]': 'X' }, 'filter[number]'],
  ])('answers 400 naming the parameter for %s', (_label, query, parameter) => {
    expect(() => parseTrackingRequestFilters(query)).toThrow(
      expect.objectContaining({ kind: 'bad_request', errors: [expect.objectContaining({ source: { parameter } })] }) as Error,
    );
  });

  it('names a status that is the name of an Object.prototype member as it was given', () => {
    expect(() => parseTrackingRequestFilters({ 'filter[status]': 'constructor' })).toThrow(
      expect.objectContaining({
        errors: [expect.objectContaining({ detail: expect.stringMatching(/unknown: constructor\.$/) as string })],
      }) as Error,
    );
  });
});
