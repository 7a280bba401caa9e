import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { TransportEventEntity } from '@quayside/data-access';
import { TrackerTestHarness } from '../test/tracker-test-harness';
import { TrackRequestUseCase } from '../tracking-requests/track-request.use-case';
import { RefreshCarrierShipmentsUseCase } from './refresh-carrier-shipments.use-case';

const ROOT = resolve(__dirname, '../../../..');
type Event = Record<string, unknown>;
const JOURNEY = (
  JSON.parse(readFileSync(resolve(ROOT, 'libs/carriers/src/dcsa/fixtures/dcsa3-journey.json'), 'utf8')) as { events: Event[] }
).events;
const LOADED_ID = 'qs-300-04';
const loaded = JOURNEY.find((e) => e.eventID === LOADED_ID)!;
const T0 = new Date('2026-03-01T00:00:00Z');
const NOW = new Date('2026-04-01T00:00:00Z');
const FIRST_LOAD = '2026-03-05T18:30:00.000Z';
const CORRECTED_LOAD = '2026-03-05T20:00:00.000Z';

/**
 * A DCSA 3.0 carrier on 127.0.0.1 corrects or retracts an event it published; the tracker keeps the
 * first version with `invalidated_at` and links the correction to it (docs/containers.md "Corrections").
 */
describe('DCSA 3.0 corrections and retractions reach the stored milestones', () => {
  let harness: TrackerTestHarness;
  let server: Server;
  let served: Event[] = JOURNEY;

  beforeAll(async () => {
    server = createServer((req, res) => {
      req.resume();
      res.writeHead(200, { 'content-type': 'application/json', 'api-version': '3.0.0' });
      res.end(JSON.stringify({ events: served }));
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/tnt`;
    harness = await TrackerTestHarness.create([TrackRequestUseCase, RefreshCarrierShipmentsUseCase], {
      CARRIERS_CONFIG: JSON.stringify({ carriers: [{ scac: 'HLCU', kind: 'dcsa', version: '3.0', baseUrl }], terminals: [], rail: [] }),
    });
  });

  afterAll(async () => {
    await harness.close();
    server.closeAllConnections();
    await new Promise<void>((done) => server.close(() => done()));
  });

  async function track(): Promise<{ account: string; carrierShipmentId: string }> {
    served = JOURNEY;
    const account = await harness.account();
    const { id, outboxId } = await harness.trackingRequest(account, 'QSBK300001', T0, 'booking_number', 'HLCU');
    const result = await harness.module.get(TrackRequestUseCase).execute({ trackingRequestId: id, outboxId }, NOW);
    expect(result.status).toBe('succeeded');
    const shipment = await harness.shipment((await harness.request(id)).tracked_object_id ?? '');
    return { account, carrierShipmentId: shipment.carrier_shipment_id ?? '' };
  }

  async function refresh(carrierShipmentId: string, events: Event[]): Promise<void> {
    served = events;
    await harness.module.get(RefreshCarrierShipmentsUseCase).execute({ carrierShipmentIds: [carrierShipmentId], outboxId: null }, NOW);
  }

  const loads = async (account: string) =>
    harness.db.dataSource.getRepository(TransportEventEntity).find({
      where: { account_id: account, event: 'container.transport.vessel_loaded' },
      order: { created_at: 'ASC' },
    });

  async function expectCorrected(account: string): Promise<void> {
    const rows = await loads(account);
    expect(rows.map((r) => [r.timestamp?.toISOString(), r.invalidated_at === null])).toEqual([
      [FIRST_LOAD, false],
      [CORRECTED_LOAD, true],
    ]);
    expect(rows[1]!.previous_version_id).toBe(rows[0]!.id);
    const events = await harness.events(account);
    const announced = events.filter((e) => e.name === 'container.transport.vessel_loaded');
    expect(announced).toHaveLength(2);
    expect(announced[1]!.payload).toMatchObject({ previous_version_id: rows[0]!.id, previous_timestamp: FIRST_LOAD });
  }

  const later = { eventDateTime: '2026-03-06T04:00:00+08:00', eventUpdatedDateTime: '2026-03-25T00:00:00Z' };

  it('tracks the journey with the first load time', async () => {
    const { account } = await track();
    expect((await loads(account)).map((r) => r.timestamp?.toISOString())).toEqual([FIRST_LOAD]);
  });

  it('a newer version of the same eventID (3.0) supersedes the stored milestone', async () => {
    const { account, carrierShipmentId } = await track();
    await refresh(
      carrierShipmentId,
      JOURNEY.map((e) => (e.eventID === LOADED_ID ? { ...e, ...later } : e)),
    );
    await expectCorrected(account);
  });

  it('a retraction with a replacement event (isRetracted, then a new eventID) supersedes it the same way', async () => {
    const { account, carrierShipmentId } = await track();
    const retraction = { eventID: LOADED_ID, isRetracted: true, eventUpdatedDateTime: '2026-03-25T00:00:00Z' };
    await refresh(carrierShipmentId, [
      ...JOURNEY.filter((e) => e.eventID !== LOADED_ID),
      retraction,
      { ...loaded, ...later, eventID: 'qs-300-04-b' },
    ]);
    await expectCorrected(account);
  });

  it('a correction naming the retractedEventID (3.0 beta) supersedes it the same way', async () => {
    const { account, carrierShipmentId } = await track();
    await refresh(carrierShipmentId, [...JOURNEY, { ...loaded, ...later, eventID: 'qs-300-04-b', retractedEventID: LOADED_ID }]);
    await expectCorrected(account);
  });

  it('a malformed answer changes nothing', async () => {
    const { account, carrierShipmentId } = await track();
    await refresh(carrierShipmentId, [...JOURNEY, { eventID: 'broken', eventDateTime: 'soon' }]);
    expect((await loads(account)).map((r) => [r.timestamp?.toISOString(), r.invalidated_at])).toEqual([[FIRST_LOAD, null]]);
  });
});
