import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { TransportEventEntity } from '@quayside/data-access';
import type { ContainerEntity, ProvisionedAccount } from '@quayside/data-access';
import { parseDcsa3Events } from '@quayside/carriers';
import { createContainer, createShipment, createTransportEvent, dcsa3SchemaValidator } from '@quayside/testing';
import { ApiTestContext, call } from '../test/api-test-app';
import type { InjectResult } from '../test/api-test-app';

type Json = Record<string, unknown>;
const validate = dcsa3SchemaValidator();

/** Every answer, success or error, is checked against the DCSA 3.0 schema and carries API-Version. */
function checked(response: InjectResult): InjectResult {
  expect(response.headers['api-version']).toBe('3.0.0');
  expect(String(response.headers['content-type'])).toContain('application/json');
  expect(validate(response.status === 200 ? 'GetEventsResponse' : 'GetEventsError', response.json)).toEqual([]);
  if (response.status !== 200) expect((response.json!['feedbackElements'] as Json[])[0]).toMatchObject({ severity: 'ERROR' });
  return response;
}

const eventsOf = (response: InjectResult): Json[] => response.json!['events'] as Json[];

describe('GET /tnt/v3/events (Quayside as a DCSA Track & Trace 3.0 producer)', () => {
  let ctx: ApiTestContext;
  let app: NestFastifyApplication;
  let owner: ProvisionedAccount;
  let other: ProvisionedAccount;
  let container: ContainerEntity;
  let rows: TransportEventEntity[];

  const get = async (query = '', account: ProvisionedAccount | null = owner): Promise<InjectResult> =>
    checked(await call(app, 'GET', `/tnt/v3/events${query}`, account === null ? {} : { key: account.key }));

  beforeAll(async () => {
    ctx = await ApiTestContext.create();
    app = await ctx.startApp();
    owner = await ctx.account({ company: 'Owner' });
    other = await ctx.account({ company: 'Other' });
    const shipment = await createShipment(ctx.db.dataSource, owner.account.id, {
      bill_of_lading_number: 'MAEU778899001',
      carrier_reference: 'BK778899',
    });
    container = await createContainer(ctx.db.dataSource, owner.account.id, { number: 'MSKU1234565', shipment_id: shipment.id });
    const second = await createContainer(ctx.db.dataSource, owner.account.id, { number: 'TGHU9876540', shipment_id: shipment.id });
    const loaded = await createTransportEvent(ctx.db.dataSource, container, {
      event: 'container.transport.vessel_loaded',
      timestamp: new Date('2026-07-20T03:00:00.000Z'),
      location_locode: 'CNSHA',
      vessel_name: 'EVER FORWARD',
      vessel_imo: '9850551',
      voyage_number: '1119E',
    });
    rows = [
      loaded,
      await createTransportEvent(ctx.db.dataSource, container, {
        event: 'container.transport.vessel_departed',
        timestamp: new Date('2026-07-20T09:00:00.000Z'),
        location_locode: 'CNSHA',
        vessel_name: 'EVER FORWARD',
        vessel_imo: '9850551',
        voyage_number: '1119E',
      }),
      await createTransportEvent(ctx.db.dataSource, container, { event: 'container.transport.vessel_berthed', location_locode: 'USLAX' }),
      await createTransportEvent(ctx.db.dataSource, container, {
        event: 'container.transport.vessel_discharged',
        timestamp: new Date('2026-08-10T14:30:00.000Z'),
      }),
      await createTransportEvent(ctx.db.dataSource, second, {
        event: 'container.transport.full_out',
        timestamp: new Date('2026-08-12T18:00:00.000Z'),
      }),
    ];
    // A correction of the load time: the first version is invalidated, the new one points at it.
    await ctx.db.dataSource
      .getRepository(TransportEventEntity)
      .update({ id: loaded.id }, { invalidated_at: new Date('2026-07-21T00:00:00.000Z') });
    rows.push(
      await createTransportEvent(ctx.db.dataSource, container, {
        event: 'container.transport.vessel_loaded',
        timestamp: new Date('2026-07-20T04:00:00.000Z'),
        location_locode: 'CNSHA',
        leg: 0,
        previous_version_id: loaded.id,
      }),
    );
    const foreign = await createContainer(ctx.db.dataSource, other.account.id, { number: 'CAIU7432986' });
    await createTransportEvent(ctx.db.dataSource, foreign, { event: 'container.transport.full_out' });
  });

  afterAll(async () => {
    await ctx.close();
  });

  it('serves the caller’s milestones in the 3.0 shape, a superseded version as retracted', async () => {
    const response = await get();
    expect(response.status).toBe(200);
    expect(response.headers['next-page-cursor']).toBeUndefined();
    const events = eventsOf(response);
    // vessel_berthed has no DCSA 3.0 event; the other account's event is not there.
    expect(events.map((e) => e['eventID'])).toEqual([rows[0], rows[1], rows[3], rows[4], rows[5]].map((r) => r!.id));
    expect(events[0]).toEqual({ eventID: rows[0]!.id, isRetracted: true, eventUpdatedDateTime: '2026-07-21T00:00:00.000Z' });
    expect(events[1]).toEqual({
      eventID: rows[1]!.id,
      eventUpdatedDateTime: rows[1]!.created_at.toISOString(),
      eventDateTime: '2026-07-20T09:00:00.000Z',
      eventClassification: { eventType: 'TRANSPORT', eventClassifier: 'ACTUAL', transportEventType: 'DEPARTED' },
      eventLocation: { UNLocationCode: 'CNSHA' },
      shipmentDetails: {
        documentReference: { type: 'TRANSPORT_DOCUMENT', reference: 'MAEU778899001' },
        additionalDocumentReferences: [{ type: 'BOOKING', reference: 'BK778899' }],
      },
      equipmentDetails: { equipmentReference: 'MSKU1234565', transportPhase: 'EXPORT' },
      transportDetails: {
        transportCall: {
          modeOfTransport: 'VESSEL',
          vesselTransport: { vesselIMONumber: '9850551', vesselName: 'EVER FORWARD' },
          exportVoyageNumberOrReference: { carrierVoyageNumber: '1119E' },
        },
      },
    });
    expect(events[2]).toMatchObject({
      eventClassification: { eventType: 'EQUIPMENT', eventClassifier: 'ACTUAL', equipmentEventType: 'DISCHARGED' },
      equipmentDetails: { equipmentReference: 'MSKU1234565', emptyIndicator: 'LADEN', transportPhase: 'IMPORT' },
    });
  });

  it('reads back through our own 3.0 adapter: the correction stands, the retracted version is gone', () => {
    return get().then((response) => {
      const parsed = parseDcsa3Events(eventsOf(response), new Date('2027-01-01T00:00:00Z'));
      expect(parsed.ok && parsed.events.map((e) => `${e.eventType} ${e.code} ${new Date(e.happenedAt).toISOString()}`)).toEqual([
        'TRANSPORT DEPA 2026-07-20T09:00:00.000Z',
        'EQUIPMENT DISC 2026-08-10T14:30:00.000Z',
        'EQUIPMENT GTOT 2026-08-12T18:00:00.000Z',
        'EQUIPMENT LOAD 2026-07-20T04:00:00.000Z',
      ]);
    });
  });

  it.each([
    ['?equipmentReference=tghu9876540', [4]],
    ['?transportDocumentReference=MAEU778899001&equipmentReference=MSKU1234565', [0, 1, 3, 5]],
    ['?carrierBookingReference=BK778899&eventTypes=TRANSPORT', [1]],
    ['?eventTypes=EQUIPMENT,IOT', [0, 3, 4, 5]],
    ['?eventTypes=SHIPMENT', []],
    ['?transportDocumentReference=NOPE', []],
    ['?eventUpdatedDateTimeMin=2100-01-01T00:00:00Z', []],
    ['?eventUpdatedDateTimeMax=2026-07-21T00:00:00Z', [0]],
  ])('filters %s', async (query, indexes) => {
    const response = await get(query);
    expect(response.status).toBe(200);
    expect(eventsOf(response).map((e) => e['eventID'])).toEqual(indexes.map((i) => rows[i]!.id));
  });

  it('pages with limit and Next-Page-Cursor, keeping the first request’s parameters', async () => {
    const seen: unknown[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const response = await get(`?eventTypes=EQUIPMENT&limit=2${cursor === undefined ? '' : `&cursor=${encodeURIComponent(cursor)}`}`);
      expect(response.status).toBe(200);
      expect(eventsOf(response).length).toBeLessThanOrEqual(2);
      seen.push(...eventsOf(response).map((e) => e['eventID']));
      cursor = response.headers['next-page-cursor'] as string | undefined;
      pages += 1;
    } while (cursor !== undefined && pages < 10);
    expect(pages).toBe(2);
    expect(seen).toEqual([0, 3, 4, 5].map((i) => rows[i]!.id));
  });

  it.each([
    ['no key', '', 'none', 401],
    ['an unknown parameter', '?vesselIMONumber=9850551', 'owner', 400],
    ['an unknown event type', '?eventTypes=EQUIPMENT,SHIP', 'owner', 400],
    ['a date that is not RFC 3339', '?eventUpdatedDateTimeMin=yesterday', 'owner', 400],
    ['a limit of zero', '?limit=0', 'owner', 400],
    ['a repeated filter', '?equipmentReference=A&equipmentReference=B', 'owner', 400],
    ['a forged cursor', '?cursor=bm90LWEtY3Vyc29y', 'owner', 400],
  ] as const)('%s is a DCSA error body', async (_name, query, caller, status) => {
    const response = await get(query, caller === 'owner' ? owner : null);
    expect(response.status).toBe(status);
  });

  it('refuses a cursor with other parameters than the first request', async () => {
    const first = await get('?eventTypes=EQUIPMENT&limit=1');
    const cursor = encodeURIComponent(first.headers['next-page-cursor'] as string);
    const response = await get(`?eventTypes=TRANSPORT&limit=1&cursor=${cursor}`);
    expect(response.status).toBe(400);
    const [element] = response.json!['feedbackElements'] as Json[];
    expect(element).toMatchObject({ severity: 'ERROR', propertyPath: 'cursor' });
    expect(element!['message']).toContain('other parameters');
  });
});
