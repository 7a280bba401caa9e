import type { RefreshPhase } from '@quayside/domain';
import { TrackerTestHarness, dayOf } from '../test/tracker-test-harness';
import { TrackRequestUseCase } from '../tracking-requests/track-request.use-case';
import { RefreshCarrierShipmentsUseCase } from './refresh-carrier-shipments.use-case';

const T0 = new Date('2026-08-14T08:00:00.000Z');
const JITTER = 0.2;
const TICK_MS = 5000;
const LEASE_MS = 60_000;

/**
 * Each carrier answer applied gives the physical shipment a `fresh_until` by the refresh cadence of
 * the phase it is in (that phase's interval at its latest, plus a scheduler tick and a refresh
 * lease); reads mark the data stale past it (docs/carriers.md, "Source health").
 */
describe('how long a carrier answer stays fresh', () => {
  let harness: TrackerTestHarness;

  beforeAll(async () => {
    harness = await TrackerTestHarness.create([TrackRequestUseCase, RefreshCarrierShipmentsUseCase], {
      REFRESH_JITTER_RATIO: JITTER,
      SCHEDULER_TICK_MS: TICK_MS,
      REFRESH_LEASE_MS: LEASE_MS,
    });
  });

  afterAll(async () => {
    await harness.close();
  });

  it('is set by the first answer and moved on by each refresh that gets one', async () => {
    const { id, outboxId } = await harness.trackingRequest(await harness.account(), 'TEST-TR-SUCCEEDED', T0);
    await harness.module.get(TrackRequestUseCase).execute({ trackingRequestId: id, outboxId }, T0);
    const physicalId = (await harness.shipment((await harness.request(id)).tracked_object_id ?? '')).carrier_shipment_id ?? '';
    const allowance = (phase: RefreshPhase | null): number =>
      harness.config.refreshCadence[phase ?? 'unknown'] * 1000 * (1 + JITTER) + TICK_MS + LEASE_MS;
    const first = await harness.carrierShipment(physicalId);
    expect(first.refresh_phase).not.toBeNull();
    expect(first.fresh_until?.getTime()).toBe((first.carrier_fetched_at?.getTime() ?? NaN) + allowance(first.refresh_phase));

    // Weeks later the journey is in another phase: the allowance is that phase's.
    const later = dayOf(T0, 20);
    await harness.module.get(RefreshCarrierShipmentsUseCase).execute({ carrierShipmentIds: [physicalId], outboxId: null }, later);
    const second = await harness.carrierShipment(physicalId);
    expect(second.fresh_until).toEqual(new Date(later.getTime() + allowance(second.refresh_phase)));
  });
});
