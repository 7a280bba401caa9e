import {
  DOMAIN_ERROR_KINDS,
  DomainError,
  badRequest,
  conflict,
  featureNotEnabled,
  internalError,
  notFound,
  planNotAllowed,
  serviceUnavailable,
  tooManyRequests,
  unauthorized,
  unprocessableEntity,
} from '@quayside/domain';
import { HTTP_STATUS, HttpError, renderError } from './http-status';

describe('HTTP status of domain errors', () => {
  it.each<[string, DomainError, number]>([
    ['a malformed request', badRequest('Body is not valid JSON.'), 400],
    ['missing credentials or another account’s record', unauthorized(), 401],
    ['a feature the account lacks', featureNotEnabled('rail_lfd'), 403],
    ['a plan that does not allow it', planNotAllowed('free', 'webhooks'), 403],
    ['an unknown record', notFound('container', 'c-1'), 404],
    ['a conflict', conflict('Already stopped.'), 409],
    ['an invalid member', unprocessableEntity({ pointer: '/data/attributes/url', detail: 'must be https' }), 422],
    ['a rate limit', tooManyRequests(12), 429],
    ['an unexpected failure', internalError(), 500],
    ['a dependency down', serviceUnavailable(), 503],
  ])('%s → %s, written on every error object too', (_label, error, status) => {
    const rendered = renderError(error);
    expect(rendered.status).toBe(status);
    expect(rendered.document.errors.every((item) => item.status === String(status))).toBe(true);
  });

  it('every kind has a status, and distinct kinds a 4xx or 5xx', () => {
    for (const kind of DOMAIN_ERROR_KINDS) expect(HTTP_STATUS[kind]).toBeGreaterThanOrEqual(400);
  });

  it('keeps the headers of the error (Retry-After)', () => {
    expect(renderError(tooManyRequests(7.2)).headers).toEqual({ 'Retry-After': '8' });
  });

  it('renders the api’s own HTTP errors with their status', () => {
    const rendered = renderError(new HttpError(405, { title: 'Method Not Allowed', detail: 'PUT is not allowed.' }, { Allow: 'GET' }));
    expect(rendered).toEqual({
      status: 405,
      headers: { Allow: 'GET' },
      document: { errors: [{ title: 'Method Not Allowed', detail: 'PUT is not allowed.', status: '405' }] },
    });
  });

  it('does not change the error it renders', () => {
    const error = new DomainError('conflict', { title: 'Conflict' });
    renderError(error);
    expect(error.errors[0]).toEqual({ title: 'Conflict' });
  });
});
