import type { RequestType, ShippingLine, TrackingSource } from '@quayside/domain';
import { carrierIssues, checkNumberOfRequest, sourceIssues } from './tracking-request-rules';

const line = (overrides: Partial<ShippingLine> = {}): ShippingLine => ({
  id: '00000000-0000-4000-8000-000000000001',
  scac: 'MSCU',
  name: 'Mediterranean Shipping Company',
  short_name: 'MSC',
  alternative_scacs: [],
  access: 'public',
  bill_of_lading_tracking_support: true,
  booking_number_tracking_support: true,
  container_number_tracking_support: true,
  ...overrides,
});

describe('the number of a tracking request', () => {
  it.each([
    ['a bill of lading as written', 'MEDUFR030802', 'bill_of_lading', 'MEDUFR030802'],
    ['a bill of lading with spaces and lower case', ' medu fr030802 ', 'bill_of_lading', 'MEDUFR030802'],
    ['a sandbox number keeps its dashes', 'TEST-TR-SUCCEEDED', 'bill_of_lading', 'TEST-TR-SUCCEEDED'],
    ['a booking number', 'ebkg01234567', 'booking_number', 'EBKG01234567'],
    ['a container number written with a space and a dash', 'MSCU 123456-6', 'container', 'MSCU1234566'],
  ] as const)('stores %s', (_label, value, type, stored) => {
    expect(checkNumberOfRequest(value, type)).toEqual({ ok: true, number: stored });
  });

  it.each([
    ['a JSON list', ['MEDUFR030802', 'MEDUFR030803'], 'bill_of_lading', 'multiple_numbers'],
    ['two numbers separated by a comma', 'MEDUFR030802, MEDUFR030803', 'bill_of_lading', 'multiple_numbers'],
    ['two numbers separated by a space', 'MEDUFR030802 MEDUFR030803', 'bill_of_lading', 'multiple_numbers'],
    ['two numbers on two lines', 'MEDUFR030802\nMEDUFR030803', 'booking_number', 'multiple_numbers'],
    ['an empty string', '  ', 'bill_of_lading', 'empty'],
    ['a number', 12345678, 'bill_of_lading', 'not_a_string'],
    ['a container number with a wrong check digit', 'MSCU1234567', 'container', 'check_digit_mismatch'],
    ['a bill of lading sent as a container', 'MEDUFR030802', 'container', 'not_a_container_number'],
  ] as const)('refuses %s with a 422 issue on request_number', (_label, value, type, reason) => {
    const result = checkNumberOfRequest(value, type);
    expect(result).toEqual({
      ok: false,
      issue: expect.objectContaining({ pointer: '/data/attributes/request_number', meta: { reason } }) as unknown,
    });
  });
});

describe('whether an account may track a kind of number with a line', () => {
  const open = { enabled_carrier_scacs: [] };

  it.each([
    ['a public line that tracks the kind', line(), 'bill_of_lading', open],
    ['a line enabled on request, enabled for the account', line({ access: 'account' }), 'container', { enabled_carrier_scacs: ['MSCU'] }],
    [
      'a line enabled on request, enabled under an alternative SCAC',
      line({ access: 'account', alternative_scacs: ['MEDU'] }),
      'booking_number',
      { enabled_carrier_scacs: ['medu'] },
    ],
  ] as const)('allows %s', (_label, shippingLine, type, account) => {
    expect(carrierIssues('MSCU', shippingLine, type, account)).toEqual([]);
  });

  it.each([
    ['an unknown SCAC', null, 'bill_of_lading', open, [['/data/attributes/scac', 'unknown_scac']]],
    [
      'a line that does not track container numbers',
      line({ container_number_tracking_support: false }),
      'container',
      open,
      [['/data/attributes/request_type', 'not_supported_by_carrier']],
    ],
    [
      'a line that tracks only containers, asked for a booking',
      line({ bill_of_lading_tracking_support: false, booking_number_tracking_support: false }),
      'booking_number',
      open,
      [['/data/attributes/request_type', 'not_supported_by_carrier']],
    ],
    [
      'a line enabled on request for other accounts',
      line({ access: 'account' }),
      'bill_of_lading',
      { enabled_carrier_scacs: ['ZIMU'] },
      [['/data/attributes/scac', 'carrier_not_enabled']],
    ],
    [
      'both at once',
      line({ access: 'account', container_number_tracking_support: false }),
      'container',
      open,
      [
        ['/data/attributes/request_type', 'not_supported_by_carrier'],
        ['/data/attributes/scac', 'carrier_not_enabled'],
      ],
    ],
  ] as const)('refuses %s, pointing at the member to fix', (_label, shippingLine, type, account, expected) => {
    const issues = carrierIssues('XXXX', shippingLine, type, account);
    expect(issues.map((issue) => [issue.pointer, issue.meta?.['reason']])).toEqual(expected);
  });
});

describe('whether a source of this server can be asked about the number', () => {
  const source = (requestTypes: readonly RequestType[]): TrackingSource => ({
    kind: 'carrier',
    code: 'MSCU',
    adapter: 'dcsa',
    requestTypes,
    sandbox: false,
    experimental: false,
  });
  const all: readonly RequestType[] = ['bill_of_lading', 'booking_number', 'container'];

  it.each<[string, TrackingSource | null, RequestType, Array<{ pointer: string; reason: string }>]>([
    ['a configured line, any kind', source(all), 'container', []],
    ['a line no source serves', null, 'bill_of_lading', [{ pointer: '/data/attributes/scac', reason: 'line_not_configured' }]],
    [
      'a configured line asked by a kind its source cannot be asked by',
      source(['bill_of_lading']),
      'container',
      [{ pointer: '/data/attributes/request_type', reason: 'request_type_not_configured' }],
    ],
  ])('%s', (_label, served, type, expected) => {
    const issues = sourceIssues(line(), type, served);
    expect(issues.map((i) => ({ pointer: i.pointer, reason: i.meta?.['reason'] }))).toEqual(expected);
  });

  it('names the line, says it is not configured here and where the docs say how', () => {
    const [issue] = sourceIssues(line(), 'bill_of_lading', null);
    expect(issue?.detail).toBe(
      'Mediterranean Shipping Company (MSCU) is not configured on this server: no carrier source serves it, so it cannot be tracked here. How to configure a carrier: docs/carriers.md, "Configuring carriers".',
    );
  });
});
