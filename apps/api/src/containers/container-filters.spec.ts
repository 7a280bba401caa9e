import { DomainError } from '@quayside/domain';
import { parseContainerFilters } from './container-filters';

function thrownBy(run: () => unknown): DomainError {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a DomainError');
}

describe('parseContainerFilters', () => {
  it.each([
    ['nothing', {}, {}],
    ['the established API’s filter[number]', { 'filter[number]': 'MSKU1234565' }, { number: 'MSKU1234565' }],
    ['number as a plain parameter', { number: 'MSKU1234565' }, { number: 'MSKU1234565' }],
    ['a search term', { q: 'PO-1' }, { q: 'PO-1' }],
    ['a blank search term (ignored)', { q: '  ' }, {}],
    ['statuses as a comma list', { 'filter[current_status]': 'available,on_rail' }, { currentStatuses: ['available', 'on_rail'] }],
    ['availability', { 'filter[available_for_pickup]': 'false' }, { availableForPickup: false }],
    [
      'a created_at range',
      { 'filter[created_at][start]': '2026-08-01T00:00:00Z', 'filter[created_at][end]': '2026-08-02' },
      { createdAt: { start: new Date('2026-08-01T00:00:00Z'), end: new Date('2026-08-02') } },
    ],
    [
      'an open updated_at range',
      { 'filter[updated_at][start]': '2026-08-01T00:00:00+02:00' },
      { updatedAt: { start: new Date('2026-07-31T22:00:00Z') } },
    ],
  ])('reads %s', (_label, query, expected) => {
    expect(parseContainerFilters(query)).toEqual(expected);
  });

  it.each([
    ['filter[shipment_id]', { 'filter[shipment_id]': 'not-a-uuid' }],
    ['filter[current_status]', { 'filter[current_status]': 'available,lost' }],
    ['filter[available_for_pickup]', { 'filter[available_for_pickup]': 'yes' }],
    ['filter[created_at][start]', { 'filter[created_at][start]': 'yesterday' }],
    ['filter[updated_at][end]', { 'filter[updated_at][end]': '2026-13-45T99:00:00Z' }],
    ['filter[number]', { 'filter[number]': ['A', 'B'] }],
    ['filter[created_at][start]', { 'filter[created_at][start]': '2026-08-02', 'filter[created_at][end]': '2026-08-01' }],
  ])('answers 400 naming %s when its value is malformed', (parameter, query) => {
    const error = thrownBy(() => parseContainerFilters(query));
    expect(error.kind).toBe('bad_request');
    expect(error.toDocument()).toEqual({ errors: [expect.objectContaining({ source: { parameter } })] });
  });

  it('answers 400 naming a filter it does not know, so a misspelt one never returns the whole list', () => {
    const error = thrownBy(() => parseContainerFilters({ 'filter[status]': 'available' }));
    expect(error.kind).toBe('bad_request');
    const [first] = error.toDocument().errors;
    expect(first?.source).toEqual({ parameter: 'filter[status]' });
    expect(first?.detail).toContain('filter[current_status]');
  });
});
