import { readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { RecordingHandler } from '@quayside/testing';
import type { DcsaCarrierConfig } from '../ports/adapter-config';
import type { CarrierTrackQuery, CarrierTrackResult } from '../ports/carrier-adapter.port';
import { ScriptedSource, sendJson } from '../__tests__/scripted-source';
import { DcsaCarrierAdapter } from './dcsa-carrier.adapter';

/** A DCSA 3.0 carrier on 127.0.0.1 serving the example messages; it records every request. */

const NOW = new Date('2026-04-01T00:00:00Z');
const fixture = (name: string): unknown => JSON.parse(readFileSync(join(__dirname, 'fixtures', `${name}.json`), 'utf8'));

const source = ScriptedSource.forTests((_req, res) => json(res, 200, fixture('dcsa3-journey')));

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  sendJson(res, status, body, { 'api-version': '3.0.0', ...headers });
}

function adapter(config: Partial<DcsaCarrierConfig> = {}): DcsaCarrierAdapter {
  const created = new DcsaCarrierAdapter({
    scac: 'QSDL',
    kind: 'dcsa',
    version: '3.0',
    baseUrl: `${source.baseUrl}/tnt`,
    auth: { type: 'api_key', header: 'X-API-Key', key: 'k' },
    ...config,
  });
  return source.keep(created);
}

function query(kind: CarrierTrackQuery['kind'] = 'booking_number', number = 'QSBK300001'): CarrierTrackQuery {
  return { kind, number, scac: 'QSDL', trackingSince: NOW, now: NOW };
}

function found(result: CarrierTrackResult) {
  if (result.outcome !== 'found') throw new Error(`expected found, got ${JSON.stringify(result)}`);
  return result.shipment;
}

function failure(result: CarrierTrackResult): string {
  return result.outcome === 'transient_failure' ? `${result.reason}: ${result.detail}` : result.outcome;
}

describe('DcsaCarrierAdapter, Track & Trace 3.0', () => {
  it('asks GET /events with the filter, limit, API-Version 3.0.0 and the key', async () => {
    await adapter().track(query());
    expect(source.requests).toHaveLength(1);
    expect(source.requests[0]!.path).toBe('/tnt/events');
    expect(Object.fromEntries(source.requests[0]!.query)).toEqual({ carrierBookingReference: 'QSBK300001', limit: '100' });
    expect(source.requests[0]!.headers['api-version']).toBe('3.0.0');
    expect(source.requests[0]!.headers['x-api-key']).toBe('k');
  });

  it.each([
    ['bill_of_lading', 'QSBL300001', 'transportDocumentReference'],
    ['container', 'MSKU1234565', 'equipmentReference'],
  ] as const)('filters a %s by %s', async (kind, number, parameter) => {
    await adapter().track(query(kind, number));
    expect(source.requests[0]!.query.get(parameter)).toBe(number);
  });

  it('maps the journey to milestones and estimates, in UTC with the zone of the place', async () => {
    const shipment = found(await adapter().track(query()));
    expect(shipment).toMatchObject({
      bookingNumber: 'QSBK300001',
      billOfLadingNumber: 'QSBL300001',
      portOfLading: { locode: 'CNSHA', timeZone: 'Asia/Shanghai' },
      portOfDischarge: { locode: 'USLAX', timeZone: 'America/Los_Angeles' },
      podVessel: { name: 'KING OF THE SEAS', imo: '9321483', voyage: '2301E' },
      polAtdAt: '2026-03-06T03:00:00.000Z',
      podEtaAt: '2026-03-20T13:00:00.000Z',
      podAtaAt: '2026-03-20T14:15:00.000Z',
      cancelled: false,
      sourceUpdatedAt: '2026-03-26T20:05:00.000Z',
    });
    const [container] = shipment.containers;
    expect(container).toMatchObject({ number: 'MSKU1234565', isoSizeType: '45G1', sealNumber: 'VET123', emptyReturned: true });
    expect(container!.equipment).toEqual({ type: 'dry', length: 40, height: 'high_cube' });
    expect(container!.milestones.map((m) => `${m.event} ${m.locode} ${m.timestamp}`)).toEqual([
      'container.transport.empty_out CNSHA 2026-03-02T01:00:00.000Z',
      'container.transport.full_in CNSHA 2026-03-04T06:00:00.000Z',
      'container.transport.vessel_loaded CNSHA 2026-03-05T18:30:00.000Z',
      'container.transport.vessel_departed CNSHA 2026-03-06T03:00:00.000Z',
      'container.transport.vessel_arrived USLAX 2026-03-20T14:15:00.000Z',
      'container.transport.vessel_discharged USLAX 2026-03-21T17:00:00.000Z',
      'container.transport.full_out USLAX 2026-03-23T15:30:00.000Z',
      'container.transport.empty_in USLAX 2026-03-26T20:00:00.000Z',
    ]);
    expect(container!.estimates.map((e) => `${e.event} ${e.timestamp}`)).toEqual([
      'container.transport.estimated.vessel_arrived 2026-03-20T13:00:00.000Z',
    ]);
  });

  it('follows Next-Page-Cursor with the first request’s parameters and maps the conformance pages', async () => {
    source.answer = (req, res) =>
      req.query.get('cursor') === null
        ? json(res, 200, fixture('tnt-300-response'), { 'next-page-cursor': '/page two+=' })
        : json(res, 200, fixture('tnt-300-response-nextpage'));
    const shipment = found(await adapter().track(query('booking_number', 'ABC709951')));
    expect(source.requests.map((r) => Object.fromEntries(r.query))).toEqual([
      { carrierBookingReference: 'ABC709951', limit: '100' },
      { carrierBookingReference: 'ABC709951', limit: '100', cursor: '/page two+=' },
    ]);
    expect(shipment.billOfLadingNumber).toBe('HHL71800000');
    expect(shipment.containers.map((c) => c.number)).toEqual(['APZU4812090']);
    expect(shipment.containers[0]!.milestones.map((m) => `${m.event} ${m.locode}`)).toEqual([
      'container.transport.vessel_departed GBSOU',
      'container.transport.empty_in FRPAR',
      'container.transport.vessel_discharged ITGOA',
    ]);
  });

  it('an empty answer is not manifested (document) or not found (container)', async () => {
    source.answer = (_req, res) => json(res, 200, { events: [] });
    expect((await adapter().track(query())).outcome).toBe('not_manifested');
    expect((await adapter().track(query('container', 'MSKU1234565'))).outcome).toBe('not_found');
  });

  it('a cancelled booking is booking_cancelled', async () => {
    const cancel = {
      eventID: 'cancel-1',
      eventDateTime: '2026-03-03T00:00:00Z',
      eventUpdatedDateTime: '2026-03-03T00:00:00Z',
      eventClassification: { eventType: 'SHIPMENT', eventClassifier: 'ACTUAL', shipmentEventType: 'CANCELLED' },
      shipmentDetails: { documentReference: { type: 'BOOKING', reference: 'QSBK300001' } },
    };
    source.answer = (_req, res) => json(res, 200, { events: [...(fixture('dcsa3-journey') as { events: unknown[] }).events, cancel] });
    expect((await adapter().track(query())).outcome).toBe('booking_cancelled');
  });

  it('a number longer than the 3.0 schema allows is invalid without asking', async () => {
    expect(await adapter().track(query('container', 'MSKU12345650'))).toEqual({
      outcome: 'invalid_number',
      detail: 'equipmentReference must be 1-11 characters without spaces',
    });
    expect(source.requests).toHaveLength(0);
  });

  it('a 400 is invalid_number with the carrier’s feedback message', async () => {
    source.answer = (_req, res) =>
      json(res, 400, { feedbackElements: [{ severity: 'ERROR', message: 'Unknown booking', propertyPath: '$.carrierBookingReference' }] });
    expect(await adapter().track(query())).toEqual({
      outcome: 'invalid_number',
      detail: 'carrier QSDL refused the number (400): Unknown booking',
    });
  });

  it.each<[string, RecordingHandler, string]>([
    [
      'a bare array (the 2.2 shape)',
      (_req, res) => json(res, 200, []),
      'unrecognized_response: carrier QSDL: a page is not an object with an events array',
    ],
    [
      'another major API-Version',
      (_req, res) => json(res, 200, fixture('dcsa3-journey'), { 'api-version': '2.2.0' }),
      'unrecognized_response: carrier QSDL: answered API-Version 2.2.0, asked 3.0.0',
    ],
    ['not JSON', (_req, res) => json(res, 200, '{"events": ['), 'unrecognized_response: carrier QSDL: response is not JSON'],
    [
      'a malformed event',
      (_req, res) => json(res, 200, { events: [{ eventID: 'x', eventUpdatedDateTime: 'yesterday' }] }),
      'unrecognized_response: carrier QSDL: events[0].eventUpdatedDateTime: not an RFC 3339 date-time: "yesterday"',
    ],
    [
      'a cursor that never ends',
      (_req, res) => json(res, 200, { events: [] }, { 'next-page-cursor': 'again' }),
      'unrecognized_response: carrier QSDL: pagination does not end',
    ],
    ['a 503', (_req, res) => json(res, 503, {}), 'shipping_line_unreachable: carrier QSDL: answered 503'],
  ])('%s ends as a transient failure, never a crash', async (_name, serve, expected) => {
    source.answer = serve;
    expect(failure(await adapter().track(query()))).toBe(expected);
  });

  it('refuses a version it does not speak at construction', () => {
    expect(() => adapter({ version: '2.3' as '3.0' })).toThrow('carrier QSDL: version must be "2.2" or "3.0"');
  });
});
