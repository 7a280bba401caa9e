import fc from 'fast-check';
import type { DomainError } from '@quayside/domain';
import { idempotencyKeyOf, requestFingerprint } from './idempotency-key';

describe('Idempotency-Key', () => {
  it.each([
    ['no header', {}, null],
    ['a UUID', { 'idempotency-key': '1f0c7a52-3a4b-4c5d-8e9f-0a1b2c3d4e5f' }, '1f0c7a52-3a4b-4c5d-8e9f-0a1b2c3d4e5f'],
    ['a short token', { 'idempotency-key': 'order-42' }, 'order-42'],
  ])('reads %s', (_label, headers, expected) => {
    expect(idempotencyKeyOf(headers)).toBe(expected);
  });

  it.each([
    ['an empty key', { 'idempotency-key': '' }],
    ['a key with a space', { 'idempotency-key': 'order 42' }],
    ['a key of 256 characters', { 'idempotency-key': 'k'.repeat(256) }],
    ['the header twice', { 'idempotency-key': ['a', 'b'] }],
  ])('refuses %s with 400', (_label, headers) => {
    expect(() => idempotencyKeyOf(headers)).toThrow(expect.objectContaining({ kind: 'bad_request' }) as DomainError);
  });
});

describe('the fingerprint of a request', () => {
  const body = {
    data: { type: 'tracking_request', attributes: { request_number: 'MEDUFR030802', request_type: 'bill_of_lading', scac: 'MSCU' } },
  };

  it('ignores key order and whitespace', () => {
    const reordered = JSON.parse(
      '{"data":{"attributes":{"scac":"MSCU","request_type":"bill_of_lading","request_number":"MEDUFR030802"},"type":"tracking_request"}}',
    ) as unknown;
    expect(requestFingerprint('POST', '/v2/tracking_requests', reordered)).toBe(requestFingerprint('post', '/v2/tracking_requests', body));
  });

  it.each([
    ['another number', { ...body, data: { ...body.data, attributes: { ...body.data.attributes, request_number: 'MEDUFR030803' } } }],
    ['an added member', { ...body, data: { ...body.data, attributes: { ...body.data.attributes, tags: ['x'] } } }],
    ['no body', undefined],
  ])('tells apart a body with %s', (_label, other) => {
    expect(requestFingerprint('POST', '/v2/tracking_requests', other)).not.toBe(requestFingerprint('POST', '/v2/tracking_requests', body));
  });

  it('is the same for equal JSON values and differs for different ones', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (a, b) => {
        const same = requestFingerprint('POST', '/p', a) === requestFingerprint('POST', '/p', b);
        const roundTripped = JSON.parse(JSON.stringify(a)) as unknown;
        expect(requestFingerprint('POST', '/p', roundTripped)).toBe(requestFingerprint('POST', '/p', a));
        if (same) expect(JSON.stringify(sortDeep(a))).toBe(JSON.stringify(sortDeep(b)));
      }),
    );
  });
});

function sortDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortDeep);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sortDeep((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}
