import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { validateDcsa3Push } from '@quayside/carriers';
import {
  ContainerEntity,
  DcsaPolledAnswerRepository,
  DcsaPushedEventRepository,
  EstimatedEventEntity,
  RawEventEntity,
  ShipmentEntity,
  TransportEventEntity,
} from '@quayside/data-access';
import type { RequestType } from '@quayside/domain';
import { JOB, jobRoute } from '@quayside/queues';
import { ApplyDcsaPushUseCase } from '../dcsa-push/apply-dcsa-push.use-case';
import { Dcsa3CarrierServer } from '../test/dcsa3-carrier-server';
import { TrackerTestHarness } from '../test/tracker-test-harness';
import { TrackRequestUseCase } from '../tracking-requests/track-request.use-case';
import { RefreshCarrierShipmentsUseCase } from './refresh-carrier-shipments.use-case';

const FIXTURES = resolve(__dirname, '../../../../libs/carriers/src/dcsa/fixtures');
type Event = Record<string, unknown>;
const eventsOf = (file: string): Event[] => (JSON.parse(readFileSync(resolve(FIXTURES, file), 'utf8')) as { events: Event[] }).events;
const T0 = new Date('2026-01-01T00:00:00Z');
const NOW = new Date('2026-04-01T00:00:00Z');

interface History {
  number: string;
  kind: RequestType;
  /** What the carrier has published when the number is first tracked, then what it adds later. */
  stages: [Event[], Event[]];
  /** Requests to the carrier that applying the later push makes: none over a kept answer, one when none is kept. */
  pushAsks: 0 | 1;
}

const JOURNEY = eventsOf('dcsa3-journey.json');
/** The DCSA 3.0 `GET /events` parameter of each way a shipment is asked by. */
const PARAMETERS: Record<RequestType, string> = {
  bill_of_lading: 'transportDocumentReference',
  booking_number: 'carrierBookingReference',
  container: 'equipmentReference',
};
const HISTORIES: Record<string, History> = {
  // The DCSA conformance messages: a GET /events answer, then a real POST /events body.
  'the DCSA conformance messages, by container': {
    number: 'APZU4812090',
    kind: 'container',
    stages: [eventsOf('tnt-300-response.json'), eventsOf('tnt-300-request-equipment.json')],
    // Still asked by its container: the answer to that is kept, and the push is applied over it.
    pushAsks: 0,
  },
  // A journey in the newest 3.0 words; the carrier later corrects the load time (a newer version of the same eventID).
  'a journey with a correction, by booking': {
    number: 'QSBK300001',
    kind: 'booking_number',
    stages: [
      JOURNEY.slice(0, 10),
      [
        ...JOURNEY.slice(10),
        {
          ...JOURNEY.find((e) => e.eventID === 'qs-300-04')!,
          eventDateTime: '2026-03-06T04:00:00+08:00',
          eventUpdatedDateTime: '2026-03-25T00:00:00Z',
        },
      ],
    ],
    // Tracked by booking, then asked by the bill of lading the carrier gave: nothing is kept for that yet, so it is polled.
    pushAsks: 1,
  },
};

async function worker(server: Dcsa3CarrierServer): Promise<TrackerTestHarness> {
  const baseUrl = await server.start();
  return TrackerTestHarness.create([TrackRequestUseCase, RefreshCarrierShipmentsUseCase, ApplyDcsaPushUseCase], {
    CARRIERS_CONFIG: JSON.stringify({ carriers: [{ scac: 'HLCU', kind: 'dcsa', version: '3.0', baseUrl }], terminals: [], rail: [] }),
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const WALL_CLOCK = new Set(['created_at', 'updated_at', 'id']);

/**
 * Rows and notifications with database ids replaced by their order of appearance, wall-clock times
 * dropped, and `invalidated_at` (the database's clock) reduced to whether it is set.
 */
function comparable(value: unknown): unknown {
  const ids = new Map<string, string>();
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string' && UUID.test(v)) {
      if (!ids.has(v)) ids.set(v, `id#${ids.size}`);
      return ids.get(v);
    }
    if (v instanceof Date) return v.toISOString();
    if (Array.isArray(v)) return v.map(walk);
    if (typeof v === 'object' && v !== null) {
      return Object.fromEntries(
        Object.entries(v as Record<string, unknown>)
          .filter(([k]) => !WALL_CLOCK.has(k))
          .map(([k, x]) => [k, k === 'invalidated_at' ? x !== null : walk(x)]),
      );
    }
    return v;
  };
  return walk(value);
}

async function storedState(harness: TrackerTestHarness, account: string): Promise<unknown> {
  const source = harness.db.dataSource;
  const order = { order: { created_at: 'ASC' as const, id: 'ASC' as const } };
  const where = { where: { account_id: account } };
  return comparable({
    shipments: await source.getRepository(ShipmentEntity).find(where),
    containers: await source.getRepository(ContainerEntity).find(where),
    transportEvents: (await source.getRepository(TransportEventEntity).find({ ...where, ...order })).sort((a, b) =>
      a.dedupe_key.localeCompare(b.dedupe_key),
    ),
    estimates: (await source.getRepository(EstimatedEventEntity).find(where)).sort((a, b) =>
      JSON.stringify(a).localeCompare(JSON.stringify(b)),
    ),
    rawEvents: (await source.getRepository(RawEventEntity).find(where))
      .map(({ id: _id, ...row }) => row)
      .sort((a, b) => a.dedupe_key.localeCompare(b.dedupe_key)),
    notifications: await harness.events(account),
  });
}

/**
 * A carrier that pushes its DCSA 3.0 events to `POST /dcsa/v3/carriers/{connection}/events` is
 * followed exactly as one that is polled (docs/dcsa.md, "Carriers that push"): the same history,
 * played by polling into one database and by push into another, leaves the same stored state
 * and the same notifications.
 */
describe('a DCSA 3.0 carrier that pushes ends in the same state as one that is polled', () => {
  const pollServer = new Dcsa3CarrierServer();
  const pushServer = new Dcsa3CarrierServer();
  let polled: TrackerTestHarness;
  let pushed: TrackerTestHarness;

  beforeAll(async () => {
    polled = await worker(pollServer);
    // This carrier's GET /events answers nothing: everything it says comes by push.
    pushed = await worker(pushServer);
  });

  afterAll(async () => {
    await Promise.all([polled.close(), pushed.close()]);
    await Promise.all([pollServer.stop(), pushServer.stop()]);
  });

  async function track(harness: TrackerTestHarness, history: History): Promise<{ account: string; carrierShipmentId: string }> {
    const account = await harness.account();
    const { id, outboxId } = await harness.trackingRequest(account, history.number, T0, history.kind, 'HLCU');
    const result = await harness.module.get(TrackRequestUseCase).execute({ trackingRequestId: id, outboxId }, NOW);
    expect(result.status).toBe('succeeded');
    const shipment = await harness.shipment((await harness.request(id)).tracked_object_id ?? '');
    return { account, carrierShipmentId: shipment.carrier_shipment_id ?? '' };
  }

  /** What the api does with a pushed body: checks it, stores it, and queues the push for every shipment it names. */
  async function push(events: Event[]): Promise<string[]> {
    const checked = await validateDcsa3Push({ events }, NOW);
    if (!checked.ok) throw new Error(JSON.stringify(checked.problems));
    const recorded = await pushed.module.get(DcsaPushedEventRepository).record('HLCU', checked.events, jobRoute(JOB.applyDcsaPush));
    expect(recorded.duplicates).toBe(0);
    return recorded.refreshed;
  }

  it.each(Object.entries(HISTORIES))('%s', async (_name, history) => {
    const [first, later] = history.stages;

    pollServer.published = first;
    const byPoll = await track(polled, history);
    pollServer.published = [...first, ...later];
    await polled.module
      .get(RefreshCarrierShipmentsUseCase)
      .execute({ carrierShipmentIds: [byPoll.carrierShipmentId], outboxId: null }, NOW);

    await push(first);
    const byPush = await track(pushed, history);
    const queuedBefore = (await pushed.pendingOutbox(JOB.applyDcsaPush)).length;
    const refreshed = await push(later);
    // The push itself queues its application (no schedule needed); the worker runs it as the outbox job would.
    expect(refreshed).toEqual([byPush.carrierShipmentId]);
    const queued = await pushed.pendingOutbox(JOB.applyDcsaPush);
    expect(queued).toHaveLength(queuedBefore + 1);
    expect(queued[queued.length - 1]?.payload).toEqual({ carrierShipmentId: byPush.carrierShipmentId });
    const job = queued[queued.length - 1]!;
    // The carrier is asked only when nothing of its answer by the number the shipment is asked by is kept.
    const cs = await pushed.carrierShipment(byPush.carrierShipmentId);
    const kept = await pushed.module.get(DcsaPolledAnswerRepository).last('HLCU', PARAMETERS[cs.query_type], cs.query_number);
    const askedBefore = pushServer.asked.length;
    const applied = await pushed.module
      .get(ApplyDcsaPushUseCase)
      .execute({ carrierShipmentId: byPush.carrierShipmentId, outboxId: job.id }, NOW);
    // Applied (not deferred behind another refresh): the push's changes were stored with its job's row.
    expect('eventIds' in applied ? applied.eventIds.length : 0).toBeGreaterThan(0);
    expect(await pushed.pendingOutbox(JOB.applyDcsaPush)).toHaveLength(queuedBefore);
    expect([kept === null, pushServer.asked.length - askedBefore]).toEqual(history.pushAsks === 1 ? [true, 1] : [false, 0]);

    const pollState = await storedState(polled, byPoll.account);
    expect((pollState as { transportEvents: unknown[] }).transportEvents.length).toBeGreaterThan(0);
    expect(await storedState(pushed, byPush.account)).toEqual(pollState);
  });

  it('the same push again stores nothing and queues nothing (idempotent by eventID and version)', async () => {
    const repository = pushed.module.get(DcsaPushedEventRepository);
    const checked = await validateDcsa3Push({ events: eventsOf('tnt-300-request-transport.json') }, NOW);
    if (!checked.ok) throw new Error(JSON.stringify(checked.problems));
    const first = await repository.record('HLCU', checked.events, jobRoute(JOB.applyDcsaPush));
    const again = await repository.record('HLCU', checked.events, jobRoute(JOB.applyDcsaPush));
    expect([first.stored, again.stored, again.duplicates, again.refreshed]).toEqual([1, 0, 1, []]);
  });
});
