import { CarrierShipmentEntity } from '@quayside/data-access';
import { DEFAULT_REFRESH_CADENCE } from '@quayside/domain';
import type { RefreshPhase } from '@quayside/domain';
import { TrackerTestHarness, dayOf } from '../test/tracker-test-harness';
import { TrackRequestUseCase } from '../tracking-requests/track-request.use-case';
import { RefreshCarrierShipmentsUseCase } from './refresh-carrier-shipments.use-case';

const T0 = new Date('2026-08-14T08:00:00.000Z');
const JITTER = 0.2;
const at = (day: number): Date => dayOf(T0, day);

/**
 * The sandbox's TEST-TR-SUCCEEDED: on the water from day 0, arrives at Los Angeles on day 9,
 * discharged on day 10 and not picked up. Each refresh stores the phase its answer shows and
 * puts the next one that phase's interval out (docs/tracking-requests.md, "Refresh cadence").
 */
describe('the refresh cadence follows the journey phase', () => {
  let harness: TrackerTestHarness;
  let physical: string;

  beforeAll(async () => {
    harness = await TrackerTestHarness.create([TrackRequestUseCase, RefreshCarrierShipmentsUseCase], { REFRESH_JITTER_RATIO: JITTER });
    const account = await harness.account();
    const { id, outboxId } = await harness.trackingRequest(account, 'TEST-TR-SUCCEEDED', T0);
    await harness.module.get(TrackRequestUseCase).execute({ trackingRequestId: id, outboxId }, T0);
    physical = (await harness.shipment((await harness.request(id)).tracked_object_id ?? '')).carrier_shipment_id ?? '';
  });

  afterAll(async () => {
    await harness.close();
  });

  const schedule = () => harness.db.dataSource.getRepository(CarrierShipmentEntity).findOneByOrFail({ id: physical });
  const refreshAt = async (day: number) => {
    const run = await harness.module
      .get(RefreshCarrierShipmentsUseCase)
      .execute({ carrierShipmentIds: [physical], outboxId: null }, at(day));
    expect(run).toMatchObject({ status: 'done', outcomes: ['refreshed'] });
  };
  /** The stored phase, and the next refresh as hours from `now` — within ± jitter of that phase's interval. */
  const expectScheduled = async (now: Date, phase: RefreshPhase) => {
    const stored = await schedule();
    expect(stored.refresh_phase).toBe(phase);
    const hours = (stored.next_refresh_at!.getTime() - now.getTime()) / 3_600_000;
    const interval = DEFAULT_REFRESH_CADENCE[phase] / 3600;
    expect(hours).toBeGreaterThanOrEqual(interval * (1 - JITTER));
    expect(hours).toBeLessThanOrEqual(interval * (1 + JITTER));
  };

  it('mid-ocean: every 12 hours', async () => {
    await expectScheduled(T0, 'on_water');
    await refreshAt(4);
    await expectScheduled(at(4), 'on_water');
  });

  it('arrival within 48 hours: every 2 hours', async () => {
    await refreshAt(7.5);
    await expectScheduled(at(7.5), 'arriving');
  });

  it('discharged and not picked up: the next refresh moves to the shorter interval', async () => {
    await refreshAt(10.5);
    await expectScheduled(at(10.5), 'waiting_for_pickup');
  });
});
