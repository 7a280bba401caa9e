import { exampleAll } from '../openapi/example-documents';

/** OpenAPI example of `GET /v2/sources`: a DCSA carrier whose credentials are refused, and the sandbox line. */
export const SOURCE_LIST_EXAMPLE = exampleAll('/v2/sources', [
  {
    id: 'carrier-MAEU',
    type: 'source',
    attributes: {
      kind: 'carrier',
      code: 'MAEU',
      adapter: 'dcsa',
      sandbox: false,
      experimental: false,
      status: 'down',
      last_success_at: '2026-11-28T21:04:11.000Z',
      last_error_at: '2026-11-29T08:30:02.000Z',
      last_error_class: 'auth_refused',
      failing_since: '2026-11-28T21:34:40.000Z',
      calls_last_hour: 120,
      error_rate_last_hour: 1,
      oldest_data_at: '2026-11-28T20:51:09.000Z',
      quota: {
        requests_last_minute: 2,
        requests_per_minute: 60,
        in_flight: 0,
        max_concurrency: 4,
        paused_until: null,
        read_at: '2026-11-29T08:30:15.000Z',
      },
    },
  },
  {
    id: 'carrier-TEST',
    type: 'source',
    attributes: {
      kind: 'carrier',
      code: 'TEST',
      adapter: 'sandbox',
      sandbox: true,
      experimental: false,
      status: 'ok',
      last_success_at: '2026-11-29T08:31:00.000Z',
      last_error_at: null,
      last_error_class: null,
      failing_since: null,
      calls_last_hour: 36,
      error_rate_last_hour: 0,
      oldest_data_at: '2026-11-29T06:02:13.000Z',
      quota: null,
    },
  },
]);
