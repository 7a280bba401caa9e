import { HTTP_STATUS } from '../common/errors/http-status';
import { DomainError } from '@quayside/domain';
import { parseNotificationFilters } from './notification-filters';

const WEBHOOK_ID = '914b21ce-dd7d-4c49-8503-65aba488e9a9';

function refusal(query: Record<string, unknown>): { status: number; parameter: unknown; detail: unknown } {
  try {
    parseNotificationFilters(query);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const [first] = error.toDocument().errors;
    return { status: HTTP_STATUS[error.kind], parameter: first?.source?.parameter, detail: first?.detail };
  }
  throw new Error('expected a refusal');
}

describe('webhook notification filters', () => {
  it.each<[string, Record<string, unknown>, unknown]>([
    ['nothing', {}, {}],
    ['a webhook', { 'filter[webhook_id]': WEBHOOK_ID }, { webhook_id: WEBHOOK_ID }],
    ['an event', { 'filter[event]': 'container.updated' }, { event: 'container.updated' }],
    ['a delivery status', { 'filter[delivery_status]': 'failed' }, { delivery_status: 'failed' }],
    [
      'a created_at range',
      { 'filter[created_at][start]': '2026-08-14T00:00:00Z', 'filter[created_at][end]': '2026-08-15' },
      {
        created_from: new Date('2026-08-14T00:00:00Z'),
        created_to: new Date('2026-08-15T00:00:00Z'),
      },
    ],
    [
      'nested as a qs-style parser gives them',
      { filter: { delivery_status: 'pending', created_at: { start: '2026-08-14T00:00:00Z' } } },
      {
        delivery_status: 'pending',
        created_from: new Date('2026-08-14T00:00:00Z'),
      },
    ],
  ])('reads %s', (_label, query, expected) => {
    expect(parseNotificationFilters(query)).toEqual(expected);
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ['a webhook id that is not a uuid', { 'filter[webhook_id]': 'abc' }, 'filter[webhook_id]', 'uuid'],
    ['an unknown event, named', { 'filter[event]': 'container.teleported' }, 'filter[event]', 'container.teleported'],
    ['an unknown status, named', { 'filter[delivery_status]': 'lost' }, 'filter[delivery_status]', '"lost"'],
    ['a date that is not ISO 8601', { 'filter[created_at][start]': 'yesterday' }, 'filter[created_at][start]', 'ISO 8601'],
    ['a parameter given twice', { 'filter[event]': ['container.updated', 'container.created'] }, 'filter[event]', 'once'],
    ['a misspelt filter, with the ones it knows', { 'filter[events]': 'container.updated' }, 'filter[events]', 'filter[event],'],
  ])('answers 400 to %s', (_label, query, parameter, detail) => {
    const error = refusal(query);
    expect(error).toMatchObject({ status: 400, parameter });
    expect(error.detail).toContain(detail);
  });
});
