import type { SandboxScenario } from '@quayside/carriers';
import { SANDBOX_RAIL_SCAC } from '@quayside/carriers';
import { ShipmentStateRepository, TransportEventEntity } from '@quayside/data-access';
import { JOB } from '@quayside/queues';
import { ScenarioAdapters } from '../test/scenario-adapters';
import { TrackerTestHarness, dayOf } from '../test/tracker-test-harness';
import { TrackRequestUseCase } from '../tracking-requests/track-request.use-case';
import { RefreshShipmentUseCase } from './refresh-shipment.use-case';

const T0 = new Date('2026-08-14T08:00:00.000Z');
const at = (day: number): Date => dayOf(T0, day);
const SHANGHAI = { locode: 'CNSHA', name: 'Shanghai', timeZone: 'Asia/Shanghai' };
const LOS_ANGELES = { locode: 'USLAX', name: 'Los Angeles', timeZone: 'America/Los_Angeles' };
const CHICAGO = { locode: 'USCHI', name: 'Chicago', timeZone: 'America/Chicago' };

/**
 * The line publishes a departure and an inland arrival estimate, then moves both; the container
 * goes empty out, full in, loaded, departed at the port of lading, on by rail and is delivered;
 * the line sets a last free day, then withdraws it.
 */
const MOVING_ESTIMATES: SandboxScenario = {
  number: 'FIELDS-BL-1',
  bookingNumber: null,
  plays: 'estimates that move, every export milestone, a rail leg and a delivery',
  places: { pol: SHANGHAI, pod: LOS_ANGELES, dest: CHICAGO },
  vessel: { name: 'QUAYSIDE PIONEER', imo: '9312341', voyage: '012E' },
  podTerminalFirmsCode: 'TST1',
  railCarrierScac: SANDBOX_RAIL_SCAC,
  containers: [
    {
      number: 'QFDU1000005',
      isoSizeType: '45G1',
      equipment: { type: 'dry', length: 40, height: 'high_cube' },
      sealNumber: null,
      weightLbs: null,
    },
  ],
  steps: [
    { day: -2, type: 'estimate', event: 'container.transport.estimated.vessel_departed', at: 'pol', eventDay: 3 },
    { day: -2, type: 'estimate', event: 'container.transport.estimated.arrived_at_inland_destination', at: 'dest', eventDay: 14 },
    { day: 0.5, type: 'milestone', event: 'container.transport.empty_out', at: 'pol' },
    { day: 1, type: 'estimate', event: 'container.transport.estimated.vessel_departed', at: 'pol', eventDay: 4 },
    { day: 1.5, type: 'milestone', event: 'container.transport.full_in', at: 'pol' },
    { day: 2, type: 'estimate', event: 'container.transport.estimated.arrived_at_inland_destination', at: 'dest', eventDay: 16 },
    { day: 3.5, type: 'milestone', event: 'container.transport.vessel_loaded', at: 'pol' },
    { day: 4, type: 'milestone', event: 'container.transport.vessel_departed', at: 'pol' },
    { day: 10, type: 'milestone', event: 'container.transport.vessel_arrived', at: 'pod' },
    { day: 11, type: 'milestone', event: 'container.transport.vessel_discharged', at: 'pod' },
    { day: 11, type: 'last_free_day', source: 'line', lfdDay: 20 },
    { day: 12.5, type: 'last_free_day', source: 'line', lfdDay: null },
    { day: 12, type: 'milestone', event: 'container.transport.rail_loaded', at: 'pod', source: 'rail' },
    { day: 15.5, type: 'milestone', event: 'container.transport.arrived_at_inland_destination', at: 'dest', source: 'rail' },
    { day: 16.5, type: 'milestone', event: 'container.transport.full_out', at: 'dest' },
    { day: 17, type: 'milestone', event: 'container.transport.delivered', at: 'dest' },
  ],
};

describe('first published estimates and the milestone times of a container', () => {
  let harness: TrackerTestHarness;

  beforeAll(async () => {
    harness = await TrackerTestHarness.create(
      [TrackRequestUseCase, RefreshShipmentUseCase, ShipmentStateRepository],
      {},
      new ScenarioAdapters([MOVING_ESTIMATES]),
    );
  });

  afterAll(async () => {
    await harness.close();
  });

  /** The tracking request at day 0, then a refresh every half day until `lastDay`. */
  async function play(lastDay: number): Promise<string> {
    const account = await harness.account();
    const { id, outboxId } = await harness.trackingRequest(account, MOVING_ESTIMATES.number, T0);
    await harness.module.get(TrackRequestUseCase).execute({ trackingRequestId: id, outboxId }, T0);
    expect(await harness.pendingOutbox(JOB.trackRequest)).toEqual([]);
    const shipmentId = (await harness.request(id)).tracked_object_id ?? '';
    for (let half = 1; half <= lastDay * 2; half += 1) {
      await harness.module.get(RefreshShipmentUseCase).execute({ shipmentId, outboxId: null, reason: 'manual' }, at(half / 2));
    }
    return shipmentId;
  }

  it('keeps the first departure and inland arrival estimates while the current ones move', async () => {
    const shipmentId = await play(3);
    expect(await harness.shipment(shipmentId)).toMatchObject({
      pol_etd_at: at(4),
      pol_original_etd_at: at(3),
      destination_eta_at: at(16),
      destination_original_eta_at: at(14),
    });
  });

  it('stores the actual export, delivery and rail answer times of the container, and no inland holds nobody reported', async () => {
    const shipmentId = await play(18);
    const [container] = await harness.containers(shipmentId);
    expect(container).toMatchObject({
      empty_out_at: at(0.5),
      pol_full_in_at: at(1.5),
      pol_vessel_loaded_at: at(3.5),
      pol_vessel_departed_at: at(4),
      delivered_at: at(17),
      final_destination_full_out_at: at(16.5),
      // The sandbox rail carrier reports no holds or fees at the inland facility: unknown, not "none".
      ind_facility_holds: null,
      ind_facility_fees: null,
      rail_last_tracking_request_at: at(18),
    });
  });

  it('gives a value change the value it announces, and a milestone none', async () => {
    const shipmentId = await play(13);
    const rows = await harness.db.dataSource
      .getRepository(TransportEventEntity)
      .find({ where: { shipment_id: shipmentId }, order: { created_at: 'ASC', id: 'ASC' } });
    const lfdLine = rows.filter((row) => row.event === 'container.pickup_lfd_line.changed').map((row) => row.value);
    expect(lfdLine).toEqual([at(20), null]);
    const milestones = rows.filter((row) => row.event.startsWith('container.transport.'));
    expect(milestones.length).toBeGreaterThan(5);
    expect(milestones.filter((row) => row.value !== null)).toEqual([]);
  });

  it('never overwrites a stored first estimate, even when a write carries another one', async () => {
    const shipmentId = await play(0);
    const before = await harness.shipment(shipmentId);
    expect(before).toMatchObject({ pol_original_etd_at: at(3), destination_original_eta_at: at(14) });
    await harness.module.get(ShipmentStateRepository).transact({ outboxId: null, shipmentId }, { queue: 'test', jobName: 'test' }, () => ({
      value: null,
      write: {
        shipment: {
          isNew: false,
          values: { id: shipmentId, pol_original_etd_at: at(9), destination_original_eta_at: at(19), pod_original_eta_at: at(20) },
        },
      },
    }));
    expect(await harness.shipment(shipmentId)).toMatchObject({
      pol_original_etd_at: at(3),
      destination_original_eta_at: at(14),
      // Nothing was stored for it (the scenario publishes no ocean arrival estimate yet), so the write sets it.
      pod_original_eta_at: at(20),
    });
  });
});
