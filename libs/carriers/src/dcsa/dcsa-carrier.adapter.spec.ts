import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { DcsaCarrierConfig } from '../ports/adapter-config';
import type { CarrierTrackQuery } from '../ports/carrier-adapter.port';
import { ScriptedSource, sendJson } from '../__tests__/scripted-source';
import { DcsaCarrierAdapter } from './dcsa-carrier.adapter';

/** A DCSA carrier on 127.0.0.1 whose answers each test scripts; it records every request. */

const NOW = new Date('2026-08-14T12:00:00Z');
const VALID = readFileSync(join(__dirname, 'fixtures', 'tnt-220-response.json'), 'utf8');
const validEvents = JSON.parse(VALID) as unknown[];

const source = ScriptedSource.forTests((_req, res) => sendJson(res, 200, validEvents));

function adapter(config: Partial<DcsaCarrierConfig> = {}, clock?: () => number): DcsaCarrierAdapter {
  const created = new DcsaCarrierAdapter(
    {
      scac: 'DCSA',
      kind: 'dcsa',
      baseUrl: `${source.baseUrl}/tnt`,
      auth: { type: 'api_key', header: 'X-API-Key', key: 'secret-key' },
      ...config,
    },
    { clock },
  );
  return source.keep(created);
}

function query(kind: CarrierTrackQuery['kind'] = 'bill_of_lading', number = 'reserved-HHL123'): CarrierTrackQuery {
  return { kind, number, scac: 'DCSA', trackingSince: NOW, now: NOW };
}

const eventsRequests = () => source.requests.filter((r) => r.path === '/tnt/v2/events');

describe('DcsaCarrierAdapter over HTTP', () => {
  it('polls GET /v2/events with the API key and maps the conformance response', async () => {
    const result = await adapter().track(query());
    expect(result.outcome).toBe('found');
    expect(result.outcome === 'found' && result.shipment.containers[0]?.milestones.map((m) => m.event)).toEqual([
      'container.transport.vessel_arrived',
    ]);
    const [request] = eventsRequests();
    expect(request?.method).toBe('GET');
    expect(request?.headers['x-api-key']).toBe('secret-key');
    expect(Object.fromEntries(request?.query ?? [])).toEqual({ transportDocumentReference: 'reserved-HHL123', limit: '100' });
  });

  it.each([
    ['bill_of_lading', 'transportDocumentReference'],
    ['booking_number', 'carrierBookingReference'],
    ['container', 'equipmentReference'],
  ] as const)('asks by %s with %s', async (kind, parameter) => {
    await adapter().track(query(kind, 'APZU4812090'));
    expect(eventsRequests()[0]?.query.get(parameter)).toBe('APZU4812090');
  });

  it.each([
    ['a cursor', (page: string) => page],
    ['a relative link', (page: string) => `/tnt/v2/events?cursor=${page}`],
    ['an absolute link', (page: string) => `${source.baseUrl}/tnt/v2/events?cursor=${page}`],
  ])('follows Next-Page given as %s and maps both pages as one', async (_how, link) => {
    source.answer = (req, res) => {
      if (req.query.get('cursor') === 'page-2') sendJson(res, 200, validEvents.slice(4));
      else sendJson(res, 200, validEvents.slice(0, 4), { 'Next-Page': link('page-2') });
    };
    const paged = await adapter().track(query());
    source.answer = (_req, res) => sendJson(res, 200, validEvents);
    expect(paged).toEqual(await adapter().track(query()));
    expect(source.requests.map((r) => r.query.get('cursor'))).toEqual([null, 'page-2', null]);
  });

  it('refuses a Next-Page link to another server (the credentials would go with it)', async () => {
    source.answer = (_req, res) => sendJson(res, 200, validEvents, { 'Next-Page': 'https://elsewhere.example/v2/events?cursor=2' });
    expect(await adapter().track(query())).toMatchObject({ outcome: 'transient_failure', reason: 'unrecognized_response' });
  });

  it('stops a Next-Page that points back at a page already read', async () => {
    source.answer = (_req, res) => sendJson(res, 200, [], { 'Next-Page': 'same' });
    expect(await adapter().track(query())).toMatchObject({ outcome: 'transient_failure', reason: 'unrecognized_response' });
    expect(eventsRequests()).toHaveLength(2);
  });

  it.each(['tnt-220-response-wrong-structure', 'tnt-220-response-wrong-date-times', 'tnt-220-response-wrong-event-ids'])(
    'ends %s as unrecognized_response',
    async (name) => {
      source.answer = (_req, res) => sendJson(res, 200, readFileSync(join(__dirname, 'fixtures', `${name}.json`), 'utf8'));
      expect(await adapter().track(query())).toMatchObject({ outcome: 'transient_failure', reason: 'unrecognized_response' });
    },
  );

  it.each([
    ['not JSON', 200, '<html>maintenance</html>'],
    ['an object instead of a list', 200, { events: [] }],
    ['a redirect', 302, ''],
  ])('ends a response that is %s as unrecognized_response', async (_what, status, body) => {
    source.answer = (_req, res) => sendJson(res, status, body);
    expect(await adapter().track(query())).toMatchObject({ outcome: 'transient_failure', reason: 'unrecognized_response' });
  });

  it.each([
    [404, 'container', 'not_found'],
    [404, 'bill_of_lading', 'not_manifested'],
    [404, 'booking_number', 'not_manifested'],
    [200, 'container', 'not_found'],
    [200, 'bill_of_lading', 'not_manifested'],
  ] as const)('answers %s with no events for a %s as %s', async (status, kind, outcome) => {
    source.answer = (_req, res) => sendJson(res, status, status === 200 ? [] : { errors: [] });
    expect((await adapter().track(query(kind, 'APZU4812090'))).outcome).toBe(outcome);
  });

  it.each([
    [500, 'unreachable'],
    [502, 'unreachable'],
    [503, 'unreachable'],
    [429, 'quota'],
  ] as const)('answers HTTP %s as shipping_line_unreachable (%s in the source health)', async (status, errorClass) => {
    source.answer = (_req, res) => sendJson(res, status, { message: 'down' }, { 'Retry-After': '30' });
    expect(await adapter().track(query())).toMatchObject({ outcome: 'transient_failure', reason: 'shipping_line_unreachable', errorClass });
  });

  it.each([401, 403])('answers HTTP %s as a refused credential (auth_refused in the source health)', async (status) => {
    source.answer = (_req, res) => sendJson(res, status, { message: 'no' });
    expect(await adapter().track(query())).toMatchObject({
      outcome: 'transient_failure',
      reason: 'internal_processing_error',
      errorClass: 'auth_refused',
    });
  });

  it('gives up on a carrier that does not answer within the timeout', async () => {
    source.answer = () => undefined;
    const result = await adapter({ timeoutMs: 150 }).track(query());
    expect(result).toEqual({
      outcome: 'transient_failure',
      reason: 'shipping_line_unreachable',
      errorClass: 'unreachable',
      detail: 'carrier DCSA: no answer within 150 ms',
    });
    source.dropConnections();
  });

  it('answers a refused connection as shipping_line_unreachable', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const result = await adapter({ baseUrl: `http://127.0.0.1:${port}` }).track(query());
    expect(result).toMatchObject({ outcome: 'transient_failure', reason: 'shipping_line_unreachable' });
  });

  it.each([
    ['a bill of lading longer than 20', 'bill_of_lading', 'B'.repeat(21)],
    ['a container number longer than 15', 'container', 'APZU48120901234567'],
    ['a number with spaces', 'booking_number', 'ABC 123'],
    ['an empty number', 'bill_of_lading', '  '],
  ] as const)('refuses %s without calling the carrier', async (_what, kind, number) => {
    expect((await adapter().track(query(kind, number))).outcome).toBe('invalid_number');
    expect(source.requests).toEqual([]);
  });

  it('answers a 400 from the carrier as invalid_number', async () => {
    source.answer = (_req, res) => sendJson(res, 400, { errors: [{ reason: 'invalidQuery' }] });
    expect((await adapter().track(query())).outcome).toBe('invalid_number');
  });
});

describe('DcsaCarrierAdapter with OAuth2 client credentials', () => {
  let issued: number;
  let now: number;

  beforeEach(() => {
    issued = 0;
    now = 1_000_000;
    source.answer = (req, res) => {
      if (req.path === '/oauth/token') {
        issued += 1;
        sendJson(res, 200, { access_token: `token-${issued}`, token_type: 'Bearer', expires_in: 3600 });
      } else if (req.headers.authorization !== `Bearer token-${issued}`) {
        sendJson(res, 401, { errors: [] });
      } else {
        sendJson(res, 200, validEvents);
      }
    };
  });

  function oauthAdapter(): DcsaCarrierAdapter {
    return adapter(
      {
        auth: {
          type: 'oauth2',
          tokenUrl: `${source.baseUrl}/oauth/token`,
          clientId: 'quayside',
          clientSecret: 's3cret',
          scope: 'tnt:read',
        },
      },
      () => now,
    );
  }

  it('fetches a token with HTTP Basic client authentication and sends it as Bearer', async () => {
    expect((await oauthAdapter().track(query())).outcome).toBe('found');
    const [tokenRequest, eventsRequest] = source.requests;
    expect(tokenRequest?.method).toBe('POST');
    expect(tokenRequest?.headers.authorization).toBe(`Basic ${Buffer.from('quayside:s3cret').toString('base64')}`);
    expect(Object.fromEntries(new URLSearchParams(tokenRequest?.body))).toEqual({ grant_type: 'client_credentials', scope: 'tnt:read' });
    expect(eventsRequest?.headers.authorization).toBe('Bearer token-1');
  });

  it('reuses the token until shortly before it expires, then fetches a new one', async () => {
    const carrier = oauthAdapter();
    await Promise.all([carrier.track(query()), carrier.track(query()), carrier.track(query())]);
    now += 3_500_000;
    await carrier.track(query());
    expect(issued).toBe(1);
    now += 80_000;
    expect((await carrier.track(query())).outcome).toBe('found');
    expect(issued).toBe(2);
  });

  it('fetches a new token once when the carrier rejects the cached one', async () => {
    const carrier = oauthAdapter();
    await carrier.track(query());
    issued += 1; // the server forgot token-1: it now only accepts the next token it issues
    expect((await carrier.track(query())).outcome).toBe('found');
    expect(source.requests.filter((r) => r.path === '/oauth/token')).toHaveLength(2);
  });

  it.each([
    [401, 'internal_processing_error', 'auth_refused'],
    [503, 'shipping_line_unreachable', 'unreachable'],
  ] as const)('answers a token endpoint that says %s as %s (%s in the source health)', async (status, reason, errorClass) => {
    source.answer = (_req, res) => sendJson(res, status, { error: 'invalid_client' });
    expect(await oauthAdapter().track(query())).toMatchObject({ outcome: 'transient_failure', reason, errorClass });
  });
});
