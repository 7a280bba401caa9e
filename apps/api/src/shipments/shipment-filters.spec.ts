import { parseShipmentFilters } from './shipment-filters';

describe('GET /v2/shipments filters', () => {
  it.each([
    ['nothing', {}, {}],
    ['a search', { q: ' PO-4711 ' }, { q: 'PO-4711' }],
    ['the tracked number, normalized as stored', { number: ' maeu 123 ' }, { number: 'MAEU123' }],
    ['shipments still tracked', { 'filter[tracking_stopped]': 'false' }, { tracking_stopped: false }],
    ['stopped shipments', { 'filter[tracking_stopped]': 'true' }, { tracking_stopped: true }],
  ])('reads %s', (_label, query, expected) => {
    expect(parseShipmentFilters(query)).toEqual(expected);
  });

  it.each([
    ['a tracking_stopped that is not a boolean', { 'filter[tracking_stopped]': 'yes' }, 'filter[tracking_stopped]'],
    ['an unknown filter', { 'filter[status]': 'x' }, 'filter[status]'],
    ['a number given twice', { number: ['A', 'B'] }, 'number'],
  ])('answers 400 naming the parameter for %s', (_label, query, parameter) => {
    expect(() => parseShipmentFilters(query)).toThrow(
      expect.objectContaining({ kind: 'bad_request', errors: [expect.objectContaining({ source: { parameter } })] }) as Error,
    );
  });
});
