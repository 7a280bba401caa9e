import type { SandboxScenario, SandboxStep } from '@quayside/carriers';
import { CarrierShipmentEntity, ShipmentEntity } from '@quayside/data-access';
import { JOB } from '@quayside/queues';
import { ScheduleRefreshesService } from '../scheduler/schedule-refreshes.service';
import { ScenarioAdapters } from '../test/scenario-adapters';
import { TrackerTestHarness, dayOf } from '../test/tracker-test-harness';
import { TrackRequestUseCase } from '../tracking-requests/track-request.use-case';
import { RefreshCarrierShipmentsUseCase } from './refresh-carrier-shipments.use-case';
import { RefreshShipmentUseCase } from './refresh-shipment.use-case';

const T0 = new Date('2026-08-14T08:00:00.000Z');
const at = (day: number): Date => dayOf(T0, day);
const LAX = { locode: 'USLAX', name: 'Los Angeles', timeZone: 'America/Los_Angeles' };
const SHA = { locode: 'CNSHA', name: 'Shanghai', timeZone: 'Asia/Shanghai' };
const VESSEL = { name: 'QUAYSIDE PIONEER', imo: '9312341', voyage: '012E' };

function scenario(number: string, container: string, steps: SandboxStep[]): SandboxScenario {
  return {
    number,
    bookingNumber: null,
    plays: 'test',
    places: { pol: SHA, pod: LAX },
    vessel: VESSEL,
    podTerminalFirmsCode: 'TST1',
    railCarrierScac: null,
    containers: [
      {
        number: container,
        isoSizeType: '45G1',
        equipment: { type: 'dry', length: 40, height: 'high_cube' },
        sealNumber: null,
        weightLbs: null,
      },
    ],
    steps: [
      { day: -2, type: 'milestone', event: 'container.transport.vessel_loaded', at: 'pol' },
      { day: -1, type: 'milestone', event: 'container.transport.vessel_departed', at: 'pol' },
      ...steps,
    ],
  };
}

const SCENARIOS = [
  scenario('STOP-CANCELLED', 'QSTU1000001', [{ day: 3, type: 'outcome', outcome: 'booking_cancelled' }]),
  scenario('STOP-UNAVAILABLE', 'QSTU1000002', [{ day: 3, type: 'outcome', outcome: 'data_unavailable' }]),
  scenario('STOP-SILENT', 'QSTU1000003', [
    { day: -1, type: 'estimate', event: 'container.transport.estimated.vessel_arrived', at: 'pod', eventDay: 200 },
  ]),
  scenario('STOP-UNREACHABLE', 'QSTU1000004', [
    { day: 2, type: 'outcome', outcome: 'shipping_line_unreachable' },
    { day: 4, type: 'outcome', outcome: 'found' },
    { day: 3, type: 'milestone', event: 'container.transport.vessel_arrived', at: 'pod' },
  ]),
];

describe('stop tracking', () => {
  let harness: TrackerTestHarness;
  let refresh: RefreshShipmentUseCase;

  beforeAll(async () => {
    harness = await TrackerTestHarness.create(
      [TrackRequestUseCase, RefreshShipmentUseCase, RefreshCarrierShipmentsUseCase, ScheduleRefreshesService],
      {},
      new ScenarioAdapters(SCENARIOS),
    );
    refresh = harness.module.get(RefreshShipmentUseCase);
  });

  afterAll(async () => {
    await harness.close();
  });

  async function tracked(number: string): Promise<{ account: string; requestId: string; shipmentId: string }> {
    const account = await harness.account();
    const { id, outboxId } = await harness.trackingRequest(account, number, T0);
    await harness.module.get(TrackRequestUseCase).execute({ trackingRequestId: id, outboxId }, T0);
    const request = await harness.request(id);
    expect(request.status).toBe('succeeded');
    return { account, requestId: id, shipmentId: request.tracked_object_id ?? '' };
  }

  const lastNames = async (account: string, count: number): Promise<string[]> => (await harness.eventNames(account)).slice(-count);

  it.each([
    ['STOP-CANCELLED', 'booking_cancelled'],
    ['STOP-UNAVAILABLE', 'data_unavailable'],
  ])('%s: the line answers %s on a refresh, tracking stops with that reason', async (number, reason) => {
    const { account, requestId, shipmentId } = await tracked(number);
    expect(await refresh.execute({ shipmentId, outboxId: null, reason: 'manual' }, at(2))).toMatchObject({ status: 'refreshed' });
    expect(await refresh.execute({ shipmentId, outboxId: null, reason: 'manual' }, at(3))).toMatchObject({
      status: 'stopped',
      stoppedReason: reason,
    });
    expect(await harness.request(requestId)).toMatchObject({ status: 'tracking_stopped', failed_reason: null });
    expect(await harness.shipment(shipmentId)).toMatchObject({ line_tracking_stopped_at: at(3), line_tracking_stopped_reason: reason });
    expect(await lastNames(account, 1)).toEqual(['tracking_request.tracking_stopped']);
    expect((await harness.events(account)).at(-1)?.payload).toMatchObject({ stopped_reason: reason });
  });

  it('56 days after arrival tracking stops (past_arrival_window), not a day before', async () => {
    const { account, shipmentId } = await tracked('TEST-TR-HOLDS');
    expect(await refresh.execute({ shipmentId, outboxId: null, reason: 'manual' }, at(58))).toMatchObject({ status: 'refreshed' });
    expect(await refresh.execute({ shipmentId, outboxId: null, reason: 'manual' }, at(59))).toMatchObject({
      status: 'stopped',
      stoppedReason: 'past_arrival_window',
    });
    expect(await harness.shipment(shipmentId)).toMatchObject({ line_tracking_stopped_reason: 'past_arrival_window' });
    expect(await lastNames(account, 1)).toEqual(['tracking_request.tracking_stopped']);
  });

  it('56 days without anything new from the line, tracking stops (no_updates_at_line)', async () => {
    const { shipmentId } = await tracked('STOP-SILENT');
    for (const day of [10, 30, 55])
      expect((await refresh.execute({ shipmentId, outboxId: null, reason: 'manual' }, at(day))).status).toBe('refreshed');
    expect(await refresh.execute({ shipmentId, outboxId: null, reason: 'manual' }, at(56))).toMatchObject({
      status: 'stopped',
      stoppedReason: 'no_updates_at_line',
    });
  });

  it('a line that is briefly unreachable changes nothing and raises nothing; the next answer catches up', async () => {
    const { account, shipmentId } = await tracked('STOP-UNREACHABLE');
    const before = await harness.eventNames(account);
    expect(await refresh.execute({ shipmentId, outboxId: null, reason: 'manual' }, at(3))).toMatchObject({ status: 'line_unavailable' });
    expect(await harness.eventNames(account)).toEqual(before);
    expect(await harness.shipment(shipmentId)).toMatchObject({
      line_tracking_last_attempted_at: at(3),
      line_tracking_last_succeeded_at: T0,
    });
    expect(await refresh.execute({ shipmentId, outboxId: null, reason: 'manual' }, at(4))).toMatchObject({ status: 'refreshed' });
    expect(await lastNames(account, 1)).toEqual(['container.transport.vessel_arrived QSTU1000004']);
  });

  it('the stop endpoint (api marks the shipment, worker settles) stops once; resume brings it back without an event and catches up', async () => {
    const { account, requestId, shipmentId } = await tracked('TEST-TR-SUCCEEDED');
    const shipments = harness.db.dataSource.getRepository(ShipmentEntity);
    // What the api writes for PATCH /shipments/{id}/stop_tracking (plus a refresh-shipment outbox row).
    await shipments.update({ id: shipmentId }, { line_tracking_stopped_at: at(1), line_tracking_stopped_reason: 'cancelled_by_user' });
    expect(await refresh.execute({ shipmentId, outboxId: null, reason: 'manual' }, at(1))).toMatchObject({
      status: 'settled',
      stoppedReason: 'cancelled_by_user',
    });
    expect(await harness.request(requestId)).toMatchObject({ status: 'tracking_stopped' });
    expect(await harness.shipment(shipmentId)).toMatchObject({ line_tracking_stopped_reason: 'cancelled_by_user' });
    expect(await lastNames(account, 1)).toEqual(['tracking_request.tracking_stopped']);
    const whileStopped = await harness.eventNames(account);
    // Settling again (a replayed job, a second click) says nothing new, and nothing is fetched.
    expect((await refresh.execute({ shipmentId, outboxId: null, reason: 'manual' }, at(11))).status).toBe('settled');
    expect(await harness.eventNames(account)).toEqual(whileStopped);

    // What the api writes for PATCH /shipments/{id}/resume_tracking (plus a refresh-shipment outbox row, reason resume).
    await shipments.update({ id: shipmentId }, { line_tracking_stopped_at: null, line_tracking_stopped_reason: null });
    expect(await refresh.execute({ shipmentId, outboxId: null, reason: 'resume' }, at(11))).toMatchObject({ status: 'refreshed' });
    expect(await harness.request(requestId)).toMatchObject({ status: 'succeeded' });
    expect((await harness.eventNames(account)).slice(whileStopped.length)).toEqual([
      'container.transport.vessel_arrived QSDU2001376',
      'container.transport.vessel_berthed QSDU2001376',
      'container.transport.vessel_discharged QSDU2001376',
    ]);
  });

  it('a physical shipment nobody follows any more is not asked about again and drops out of the schedule', async () => {
    const { shipmentId } = await tracked('STOP-SILENT');
    const shipment = await harness.shipment(shipmentId);
    await harness.db.dataSource
      .getRepository(ShipmentEntity)
      .update({ id: shipmentId }, { line_tracking_stopped_at: at(1), line_tracking_stopped_reason: 'cancelled_by_user' });
    expect((await refresh.execute({ shipmentId, outboxId: null, reason: 'manual' }, at(1))).status).toBe('settled');

    const scheduler = harness.module.get(ScheduleRefreshesService);
    expect((await scheduler.tick(at(30), () => 0)).enqueued).toContain(shipment.carrier_shipment_id);
    const job = (await harness.pendingOutbox(JOB.refreshCarrierShipments)).find((row) =>
      (row.payload['carrierShipmentIds'] as string[]).includes(shipment.carrier_shipment_id ?? ''),
    );
    expect(job).toBeDefined();
    const events = await harness.eventNames(shipment.account_id);
    const run = await harness.module
      .get(RefreshCarrierShipmentsUseCase)
      .execute({ carrierShipmentIds: job!.payload['carrierShipmentIds'] as string[], outboxId: job!.id }, at(30));
    expect(run).toMatchObject({ status: 'done', outcomes: expect.arrayContaining(['unfollowed']) as unknown });
    expect(await harness.eventNames(shipment.account_id)).toEqual(events);
    expect(
      await harness.db.dataSource.getRepository(CarrierShipmentEntity).findOneByOrFail({ id: shipment.carrier_shipment_id ?? '' }),
    ).toMatchObject({ next_refresh_at: null, lease_until: null });
    expect((await scheduler.tick(at(60), () => 0)).enqueued).not.toContain(shipment.carrier_shipment_id);
  });
});
