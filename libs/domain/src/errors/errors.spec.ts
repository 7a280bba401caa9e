import { ACCOUNT_FEATURES } from '../enums/account.enum';
import { DomainError } from './domain-error';
import {
  FEATURE_LABELS,
  RATE_LIMIT_DETAIL,
  badRequest,
  conflict,
  featureNotEnabled,
  illegalTransition,
  internalError,
  notFound,
  planLimitReached,
  planNotAllowed,
  tooManyRequests,
  unauthorized,
  unprocessableEntity,
} from './error-catalog';
import { ERROR_CODES } from './json-api-error';

describe('error catalog', () => {
  it.each([
    ['a malformed request', badRequest('Body is not valid JSON.'), 'bad_request', 'Bad Request', 'bad_request'],
    ['credentials', unauthorized(), 'unauthorized', 'Unauthorized', 'unauthorized'],
    ['a feature', featureNotEnabled('rail_lfd'), 'forbidden', 'Forbidden', 'feature_not_enabled'],
    ['a plan', planNotAllowed('free', 'webhooks'), 'forbidden', 'Forbidden', 'plan_not_allowed'],
    ['a plan limit', planLimitReached('trial', 10), 'forbidden', 'Forbidden', 'plan_not_allowed'],
    ['an unknown record', notFound('container', 'c-1'), 'not_found', 'Not Found', 'not_found'],
    ['a conflict', conflict('Already stopped.'), 'conflict', 'Conflict', 'conflict'],
    [
      'a refused transition',
      illegalTransition('tracking_request', 'failed', 'stop_tracking'),
      'conflict',
      'Conflict',
      'illegal_transition',
    ],
    [
      'an invalid member',
      unprocessableEntity({ pointer: '/data/attributes/url', detail: 'must be https' }),
      'unprocessable',
      'Unprocessable Entity',
      'invalid',
    ],
    ['a rate limit', tooManyRequests(12), 'rate_limited', 'Too Many Requests', 'rate_limited'],
    ['an unexpected failure', internalError(), 'internal', 'Internal Server Error', 'internal_error'],
  ])('%s has its kind, title and code (the api maps the kind to a status)', (_label, error, kind, title, code) => {
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toBeInstanceOf(Error);
    expect(error.kind).toBe(kind);
    expect(error.errors[0]).toMatchObject({ title, code });
    expect(error.code).toBe(code);
    expect((ERROR_CODES as readonly string[]).includes(code)).toBe(true);
  });

  it('429 is exactly one error with the specified title and a detail that advises fewer requests or webhooks', () => {
    const error = tooManyRequests(7.2);
    expect(error.toDocument()).toEqual({
      errors: [{ title: 'Too Many Requests', detail: RATE_LIMIT_DETAIL, code: 'rate_limited' }],
    });
    expect(RATE_LIMIT_DETAIL).toMatch(/exceeded its .*rate limit/);
    expect(RATE_LIMIT_DETAIL).toMatch(/fewer requests/);
    expect(RATE_LIMIT_DETAIL).toMatch(/webhooks/);
    expect(error.headers).toEqual({ 'Retry-After': '8' });
  });

  it.each([[0], [-3], [0.2]])('Retry-After is at least one second (given %p)', (seconds) => {
    expect(tooManyRequests(seconds).headers['Retry-After']).toBe('1');
  });

  it.each(ACCOUNT_FEATURES.map((feature) => [feature]))('403 for feature %s names the feature', (feature) => {
    const [error] = featureNotEnabled(feature).errors;
    expect(error?.detail).toContain(FEATURE_LABELS[feature]);
    expect(error?.detail).toContain(feature);
    expect(error?.meta).toEqual({ feature });
  });

  it('422 points at each offending member, one error per issue', () => {
    const error = unprocessableEntity([
      { pointer: '/data/attributes/request_number', detail: 'is missing', code: 'blank' },
      { pointer: '/data/attributes/scac', detail: 'is not a known carrier', meta: { scac: 'XXXX' } },
    ]);
    expect(error.kind).toBe('unprocessable');
    expect(error.errors).toEqual([
      { title: 'Unprocessable Entity', detail: 'is missing', source: { pointer: '/data/attributes/request_number' }, code: 'blank' },
      {
        title: 'Unprocessable Entity',
        detail: 'is not a known carrier',
        source: { pointer: '/data/attributes/scac' },
        code: 'invalid',
        meta: { scac: 'XXXX' },
      },
    ]);
    expect(error.message).toBe('unprocessable: is missing (+1 more)');
  });

  it('400 carries a parameter source when given', () => {
    expect(badRequest('must be 1..100', { parameter: 'page[size]' }).errors[0]?.source).toEqual({ parameter: 'page[size]' });
  });

  it.each([
    [notFound(), 'Record not found.'],
    [notFound('shipment'), 'No such shipment.'],
    [notFound('shipment', 's-9'), 'No shipment with id s-9.'],
  ])('404 detail %#', (error, detail) => {
    expect(error.errors[0]?.detail).toBe(detail);
  });

  it('401 for a foreign record reads the same as for a bad key', () => {
    expect(unauthorized().toDocument()).toEqual(unauthorized().toDocument());
  });

  it('toDocument returns copies, so a renderer cannot alter the error', () => {
    const error = notFound();
    const doc = error.toDocument();
    doc.errors[0]!.title = 'changed';
    expect(error.errors[0]?.title).toBe('Not Found');
  });

  it('refuses an empty error list', () => {
    expect(() => new DomainError('bad_request', [])).toThrow(RangeError);
  });
});
