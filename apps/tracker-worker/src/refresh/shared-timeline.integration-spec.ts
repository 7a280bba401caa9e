import { CarrierShipmentEntity, OutboxEntity, ShipmentEntity, StaleObservationEntity, TransportEventEntity } from '@quayside/data-access';
import type { RequestType } from '@quayside/domain';
import { JOB, outboxJob } from '@quayside/queues';
import { GatedAdapters } from '../test/gated-adapters';
import { TrackerTestHarness, dayOf } from '../test/tracker-test-harness';
import { TrackRequestUseCase } from '../tracking-requests/track-request.use-case';
import { RefreshCarrierShipmentsUseCase } from './refresh-carrier-shipments.use-case';
import { RefreshShipmentUseCase } from './refresh-shipment.use-case';

const T0 = new Date('2026-08-14T08:00:00.000Z');
const at = (day: number): Date => dayOf(T0, day);
const ms = (n: number): Date => new Date(T0.getTime() + n);

interface Milestone {
  container: string;
  event: string;
  place: string | null;
  timestamp: string | null;
}

/**
 * Several accounts following one physical shipment, retries and duplicate jobs
 * (docs/architecture.md, "Invariants"): each milestone is stored once per account, announced
 * once (one event, one fan-out job), every follower sees the same history, and an older
 * observation never overwrites a newer one. Each case uses its own sandbox number, so the
 * physical shipments of different cases never meet.
 */
describe('one physical shipment, one timeline', () => {
  let harness: TrackerTestHarness;
  let adapters: GatedAdapters;

  beforeAll(async () => {
    adapters = new GatedAdapters();
    harness = await TrackerTestHarness.create(
      [TrackRequestUseCase, RefreshShipmentUseCase, RefreshCarrierShipmentsUseCase],
      // Long enough that no attempt outlives its lease on a loaded machine; the one case that
      // needs a lease to lapse shortens it for its held refresh.
      { REFRESH_LEASE_MS: 120_000 },
      adapters,
    );
  });

  afterAll(async () => {
    adapters.open();
    await harness.close();
  });

  const attempt = (id: string, outboxId: string | null, now: Date) =>
    harness.module.get(TrackRequestUseCase).execute({ trackingRequestId: id, outboxId }, now);
  /** A routine refresh of one physical shipment, summed up as one status. */
  const refresh = async (carrierShipmentId: string, now: Date, outboxId: string | null = null): Promise<{ status: string }> => {
    const run = await harness.module
      .get(RefreshCarrierShipmentsUseCase)
      .execute({ carrierShipmentIds: [carrierShipmentId], outboxId }, now);
    if (run.status !== 'done') return { status: run.status };
    return { status: run.leased === 0 ? 'coalesced' : (run.outcomes[0] ?? 'missing') };
  };

  /** Runs every attempt still waiting in the outbox (a deferred one, a retry) until none is left. */
  async function drainAttempts(now: Date): Promise<void> {
    for (
      let row = (await harness.pendingOutbox(JOB.trackRequest))[0];
      row !== undefined;
      row = (await harness.pendingOutbox(JOB.trackRequest))[0]
    ) {
      await attempt(String(row.payload['trackingRequestId']), row.id, now);
    }
  }

  async function follow(
    number: string,
    createdAt: Date,
    type: RequestType = 'bill_of_lading',
    account?: string,
  ): Promise<{ account: string; request: string; outboxId: string }> {
    const owner = account ?? (await harness.account());
    const { id, outboxId } = await harness.trackingRequest(owner, number, createdAt, type);
    return { account: owner, request: id, outboxId };
  }

  async function shipmentOf(request: string): Promise<ShipmentEntity> {
    return harness.shipment((await harness.request(request)).tracked_object_id ?? '');
  }

  /** Current milestones of an account, in a stable order. */
  async function milestones(account: string): Promise<Milestone[]> {
    const rows = await harness.db.dataSource
      .getRepository(TransportEventEntity)
      .find({ where: { account_id: account }, relations: { container: true } });
    return rows
      .filter((r) => r.leg !== null && r.invalidated_at === null)
      .map((r) => ({
        container: r.container?.number ?? '',
        event: r.event,
        place: r.location_locode,
        timestamp: r.timestamp?.toISOString() ?? null,
      }))
      .sort((a, b) => `${a.container}${a.event}${a.place}`.localeCompare(`${b.container}${b.event}${b.place}`));
  }

  /** Each milestone once: no two current rows of one container, event and place. */
  async function expectEachMilestoneOnce(account: string): Promise<void> {
    const all = await harness.db.dataSource.getRepository(TransportEventEntity).find({ where: { account_id: account } });
    const keys = all.filter((r) => r.leg !== null).map((r) => `${r.container_id}|${r.event}|${r.location_locode}`);
    expect(keys.length).toBeGreaterThan(0);
    expect(new Set(keys).size).toBe(keys.length);
  }

  /** Every stored event has exactly one fan-out job: it will be announced once per subscribed webhook. */
  async function expectAnnouncedOnce(account: string): Promise<void> {
    const events = await harness.db.dataSource.query<Array<{ id: string; jobs: number }>>(
      `SELECT e.id, count(o.id)::int AS jobs FROM events e LEFT JOIN outbox o ON o.job_name = 'fan-out' AND o.payload->>'eventId' = e.id::text
       WHERE e.account_id = $1 GROUP BY e.id`,
      [account],
    );
    expect(events.length).toBeGreaterThan(0);
    expect(events.filter((e) => e.jobs !== 1)).toEqual([]);
  }

  it('four accounts asking for one bill of lading at the same moment: one carrier call, one history, each milestone stored and announced once each', async () => {
    const followers = await Promise.all([0, 1, 2, 3].map((i) => follow('TEST-TR-MULTI-CONTAINER', ms(i))));
    const results = await Promise.all(followers.map((f) => attempt(f.request, f.outboxId, T0)));
    expect(results.map((r) => r.status)).toContain('succeeded');
    await drainAttempts(T0);
    expect(adapters.callsFor('TEST-TR-MULTI-CONTAINER')).toBe(1);
    for (const f of followers) expect(await harness.request(f.request)).toMatchObject({ status: 'succeeded' });
    const records = await Promise.all(followers.map((f) => shipmentOf(f.request)));
    expect(new Set(records.map((r) => r.carrier_shipment_id)).size).toBe(1);

    for (let half = 1; half <= 18; half += 1) await refresh(records[0]!.carrier_shipment_id!, at(half / 2));
    const histories = await Promise.all(followers.map((f) => milestones(f.account)));
    const names = await Promise.all(followers.map((f) => harness.eventNames(f.account)));
    for (const f of followers) {
      await expectEachMilestoneOnce(f.account);
      await expectAnnouncedOnce(f.account);
    }
    for (const history of histories) expect(history).toEqual(histories[0]);
    for (const list of names) expect(list).toEqual(names[0]);
    // 3 containers × (empty out, full in, loaded, departed, arrived, discharged).
    expect(histories[0]).toHaveLength(18);
    // The clock is the first asker's to reach the claim: one of the four, whichever the race let in first.
    const [clock] = await harness.db.dataSource.query<Array<{ tracking_since: Date }>>(
      `SELECT tracking_since FROM carrier_shipments WHERE id = $1`,
      [records[0]!.carrier_shipment_id],
    );
    expect([0, 1, 2, 3].map((i) => ms(i).getTime())).toContain(clock!.tracking_since.getTime());
    const since = clock!.tracking_since;
    expect(histories[0]!.filter((m) => m.event === 'container.transport.vessel_discharged').map((m) => m.timestamp)).toEqual(
      [7, 7.5, 8].map((d) => dayOf(since, d).toISOString()),
    );
  });

  it('one account asking by bill of lading, booking and container number at once: one record, each milestone once', async () => {
    const account = await harness.account();
    const asked = [
      await follow('TEST-TR-SUCCEEDED', T0, 'bill_of_lading', account),
      await follow('TESTBK0001', ms(1), 'booking_number', account),
      await follow('QSDU2001376', ms(2), 'container', account),
    ];
    await Promise.all(asked.map((f) => attempt(f.request, f.outboxId, T0)));
    await drainAttempts(T0);
    const records = await Promise.all(asked.map((f) => shipmentOf(f.request)));
    expect(new Set(records.map((r) => r.id)).size).toBe(1);
    await refresh(records[0]!.carrier_shipment_id!, at(10));
    await expectEachMilestoneOnce(account);
    await expectAnnouncedOnce(account);
    const names = await harness.eventNames(account);
    expect(names.filter((n) => n === 'tracking_request.succeeded')).toHaveLength(3);
    expect(names.filter((n) => n.startsWith('container.created'))).toEqual(['container.created QSDU2001376']);
    // Whichever number was asked first sets the clock; every number then plays on it.
    const since = (await harness.carrierShipment(records[0]!.carrier_shipment_id!)).tracking_since;
    expect((await milestones(account)).find((m) => m.event === 'container.transport.vessel_arrived')?.timestamp).toBe(
      dayOf(since, 9).toISOString(),
    );
  });

  it('a follower joining late sees the history the first one sees, at the same times', async () => {
    const first = await follow('TEST-TR-TRANSSHIPMENT', T0);
    await attempt(first.request, first.outboxId, T0);
    const physical = (await shipmentOf(first.request)).carrier_shipment_id!;
    for (const day of [1, 2, 3]) await refresh(physical, at(day));
    const late = await follow('TEST-TR-TRANSSHIPMENT', at(3));
    await attempt(late.request, late.outboxId, at(3));
    expect(await milestones(late.account)).toEqual(await milestones(first.account));
    for (let day = 4; day <= 16; day += 1) await refresh(physical, at(day));
    expect(await milestones(late.account)).toEqual(await milestones(first.account));
    for (const f of [first, late]) {
      await expectEachMilestoneOnce(f.account);
      await expectAnnouncedOnce(f.account);
    }
  });

  it("the earliest follower stopping does not move the others' clock", async () => {
    const followers = [await follow('TEST-TR-RAIL', T0), await follow('TEST-TR-RAIL', ms(220)), await follow('TEST-TR-RAIL', ms(440))];
    for (const f of followers) await attempt(f.request, f.outboxId, T0);
    const [earliest, ...others] = followers;
    const record = await shipmentOf(earliest!.request);
    for (const day of [1, 2]) await refresh(record.carrier_shipment_id!, at(day));
    // What the api writes for PATCH /shipments/{id}/stop_tracking, then the worker settles it.
    await harness.db.dataSource
      .getRepository(ShipmentEntity)
      .update({ id: record.id }, { line_tracking_stopped_at: at(2), line_tracking_stopped_reason: 'cancelled_by_user' });
    expect(
      (await harness.module.get(RefreshShipmentUseCase).execute({ shipmentId: record.id, outboxId: null, reason: 'manual' }, at(2))).status,
    ).toBe('settled');
    for (let half = 5; half <= 30; half += 1) await refresh(record.carrier_shipment_id!, at(half / 2));
    const histories = await Promise.all(others.map((f) => milestones(f.account)));
    expect(histories[1]).toEqual(histories[0]);
    // The scenario's own times, to the millisecond: the clock is still the first asker's.
    expect(histories[0]!.find((m) => m.event === 'container.transport.rail_departed')?.timestamp).toBe(at(10.5).toISOString());
    for (const f of others) {
      await expectEachMilestoneOnce(f.account);
      await expectAnnouncedOnce(f.account);
    }
  });

  it('a shipment asked about again after everyone stopped following it starts on a new clock, as a new shipment would', async () => {
    const first = await follow('TEST-TR-POD-TERMINAL-CHANGE', T0);
    await attempt(first.request, first.outboxId, T0);
    const record = await shipmentOf(first.request);
    const seenAtStart = await milestones(first.account);
    await harness.db.dataSource
      .getRepository(ShipmentEntity)
      .update({ id: record.id }, { line_tracking_stopped_at: at(1), line_tracking_stopped_reason: 'cancelled_by_user' });
    await harness.module.get(RefreshShipmentUseCase).execute({ shipmentId: record.id, outboxId: null, reason: 'manual' }, at(1));

    const again = await follow('TEST-TR-POD-TERMINAL-CHANGE', at(30));
    expect(await attempt(again.request, again.outboxId, at(30))).toMatchObject({ status: 'succeeded' });
    expect((await shipmentOf(again.request)).carrier_shipment_id).toBe(record.carrier_shipment_id);
    const shifted = seenAtStart.map((m) => ({
      ...m,
      timestamp: m.timestamp === null ? null : new Date(Date.parse(m.timestamp) + 30 * 86_400_000).toISOString(),
    }));
    expect(await milestones(again.account)).toEqual(shifted);
    // The stopped record is left as it was.
    expect(await milestones(first.account)).toEqual(seenAtStart);
  });

  it('two workers refreshing one shipment at once: one asks the carrier, the other gives way; nothing is stored twice', async () => {
    const f = await follow('TEST-TR-HOLDS', T0);
    await attempt(f.request, f.outboxId, T0);
    const physical = (await shipmentOf(f.request)).carrier_shipment_id!;
    const calls = adapters.callsFor('TEST-TR-HOLDS');
    const results = await Promise.all([refresh(physical, at(8)), refresh(physical, at(8))]);
    expect(results.map((r) => r.status).sort()).toEqual(['coalesced', 'refreshed']);
    expect(adapters.callsFor('TEST-TR-HOLDS')).toBe(calls + 1);
    await expectEachMilestoneOnce(f.account);
    await expectAnnouncedOnce(f.account);
  });

  it('a refresh held after its carrier call and applied after a newer one is skipped: the older observation is recorded, never applied', async () => {
    const f = await follow('TEST-TR-FEES', T0);
    await attempt(f.request, f.outboxId, T0);
    const physical = (await shipmentOf(f.request)).carrier_shipment_id!;
    adapters.close();
    harness.config.REFRESH_LEASE_MS = 1000;
    const held = refresh(physical, at(2));
    await waitUntil(() => adapters.holding());
    harness.config.REFRESH_LEASE_MS = 120_000;
    // Its lease lapses while it is held (a real pause would be longer than the lease).
    await waitUntil(async () => {
      const [row] = await harness.db.dataSource.query<Array<{ lapsed: boolean }>>(
        `SELECT lease_until <= now() AS lapsed FROM carrier_shipments WHERE id = $1`,
        [physical],
      );
      return row?.lapsed === true;
    });
    expect((await refresh(physical, at(12))).status).toBe('refreshed');
    const afterNewer = {
      milestones: await milestones(f.account),
      events: await harness.eventNames(f.account),
      containers: await harness.containers((await shipmentOf(f.request)).id),
    };
    expect(afterNewer.milestones.map((m) => m.event)).toContain('container.transport.vessel_discharged');

    adapters.open();
    expect((await held).status).toBe('stale');
    expect(await milestones(f.account)).toEqual(afterNewer.milestones);
    expect(await harness.eventNames(f.account)).toEqual(afterNewer.events);
    expect(await harness.containers((await shipmentOf(f.request)).id)).toEqual(afterNewer.containers);
    const stale = await harness.db.dataSource.getRepository(StaleObservationEntity).findBy({ carrier_shipment_id: physical });
    expect(stale).toMatchObject([{ sources: expect.arrayContaining(['carrier']) as unknown, job: 'refresh-carrier-shipments' }]);
  });

  it('the same refresh job delivered twice, one after the other and at once, has its effects once', async () => {
    const f = await follow('TEST-TR-LFD-CHANGES', T0);
    await attempt(f.request, f.outboxId, T0);
    const physical = (await shipmentOf(f.request)).carrier_shipment_id!;
    const job = async (): Promise<string> => {
      const entry = outboxJob(JOB.refreshCarrierShipments, { carrierShipmentIds: [physical] });
      const row = await harness.db.dataSource
        .getRepository(OutboxEntity)
        .save({ queue: entry.queue, job_name: entry.jobName, payload: entry.payload });
      return row.id;
    };
    const first = await job();
    expect((await refresh(physical, at(10), first)).status).toBe('refreshed');
    const events = await harness.eventNames(f.account);
    expect((await refresh(physical, at(10), first)).status).toBe('replayed');
    const second = await job();
    const both = await Promise.all([refresh(physical, at(11), second), refresh(physical, at(11), second)]);
    // The second delivery finds its own job holding the lease: it waits for it rather than give way to itself.
    // Which of the two finishes first is the machine's business: one refreshes, the other defers
    // (it found the lease held) or replays (it came after the first completed the job).
    const statuses = both.map((r) => r.status);
    expect(statuses.filter((status) => status === 'refreshed')).toHaveLength(1);
    expect(statuses.find((status) => status !== 'refreshed')).toMatch(/^(deferred|replayed)$/);
    expect((await harness.eventNames(f.account)).slice(0, events.length)).toEqual(events);
    await expectEachMilestoneOnce(f.account);
    await expectAnnouncedOnce(f.account);
    expect(await harness.db.dataSource.getRepository(CarrierShipmentEntity).findOneByOrFail({ id: physical })).toMatchObject({
      lease_until: null,
    });
  });
});

async function waitUntil(condition: () => boolean | Promise<boolean>): Promise<void> {
  for (let i = 0; i < 600; i += 1) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the condition never held');
}
