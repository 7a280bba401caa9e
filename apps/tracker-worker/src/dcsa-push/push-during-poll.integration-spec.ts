import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { validateDcsa3Push } from '@quayside/carriers';
import { DcsaPushedEventRepository, OutboxEntity } from '@quayside/data-access';
import { JOB, jobRoute } from '@quayside/queues';
import { Dcsa3CarrierServer } from '../test/dcsa3-carrier-server';
import { TrackerTestHarness } from '../test/tracker-test-harness';
import { CarrierShipmentRefresher } from '../tracking-state/carrier-shipment-refresher.service';
import { TrackRequestUseCase } from '../tracking-requests/track-request.use-case';
import { ApplyDcsaPushUseCase } from './apply-dcsa-push.use-case';

type Event = Record<string, unknown>;
const FIXTURES = resolve(__dirname, '../../../../libs/carriers/src/dcsa/fixtures');
// The 3.0 journey of the DCSA fixtures up to its arrival estimate, followed six days after departure.
const JOURNEY = (JSON.parse(readFileSync(resolve(FIXTURES, 'dcsa3-journey.json'), 'utf8')) as { events: Event[] }).events.slice(0, 6);
const T0 = new Date('2026-03-01T00:00:00Z');
const NOW = new Date('2026-03-12T00:00:00Z');

async function waitFor(what: string, probe: () => boolean): Promise<void> {
  for (let tries = 0; !probe(); tries += 1) {
    if (tries > 1200) throw new Error(`timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 50));
  }
}

/**
 * A push and a scheduled poll of the same shipment at once (docs/architecture.md, "One refresh at
 * a time"): the push does not give way to the poll (which may have read the pushed events before
 * the push was stored), it waits for it; whichever applies the change first stores and notifies
 * it, the other finds nothing new.
 */
describe('a push arriving while a scheduled poll of its shipment is under way', () => {
  const carrier = new Dcsa3CarrierServer();
  let harness: TrackerTestHarness;

  beforeAll(async () => {
    const baseUrl = await carrier.start();
    carrier.published = JOURNEY;
    harness = await TrackerTestHarness.create([TrackRequestUseCase, ApplyDcsaPushUseCase], {
      CARRIERS_CONFIG: JSON.stringify({ carriers: [{ scac: 'HLCU', kind: 'dcsa', version: '3.0', baseUrl }], terminals: [], rail: [] }),
    });
  });

  afterAll(async () => {
    await harness.close();
    await carrier.stop();
  });

  it('waits for the poll, and the moved estimate is stored and notified once', async () => {
    const account = await harness.account();
    const { id, outboxId } = await harness.trackingRequest(account, 'QSBK300001', T0, 'booking_number', 'HLCU');
    expect((await harness.module.get(TrackRequestUseCase).execute({ trackingRequestId: id, outboxId }, NOW)).status).toBe('succeeded');
    const shipment = await harness.shipment((await harness.request(id)).tracked_object_id ?? '');
    const carrierShipmentId = shipment.carrier_shipment_id ?? '';
    // A scheduled refresh, as the `refresh-carrier-shipments` job runs it.
    const routine = harness.module.get(CarrierShipmentRefresher);
    // Asked by the bill of lading from now on; this poll's answer is the one kept.
    await routine.refreshBatch({ carrierShipmentIds: [carrierShipmentId], outboxId: null }, NOW);
    const before = await harness.eventNames(account);

    // A scheduled poll is under way: it holds the shipment's lease, its request not yet answered.
    carrier.hold();
    const poll = routine.refreshBatch({ carrierShipmentIds: [carrierShipmentId], outboxId: null }, NOW);
    await waitFor('the poll to reach the carrier', () => carrier.holding() === 1);

    const estimate = JOURNEY[5]!;
    const moved = { ...estimate, eventDateTime: '2026-03-21T06:00:00-07:00', eventUpdatedDateTime: '2026-03-11T00:00:00Z' };
    const checked = await validateDcsa3Push({ events: [moved] }, NOW);
    if (!checked.ok) throw new Error(JSON.stringify(checked.problems));
    await harness.module.get(DcsaPushedEventRepository).record('HLCU', checked.events, jobRoute(JOB.applyDcsaPush));
    const [job] = await harness.pendingOutbox(JOB.applyDcsaPush);
    const apply = harness.module.get(ApplyDcsaPushUseCase);

    // The push waits, to be tried again well before the poll's lease would lapse.
    expect((await apply.execute({ carrierShipmentId, outboxId: job!.id }, NOW)).status).toBe('deferred');
    const lease = await harness.carrierShipment(carrierShipmentId);
    const deferred = await harness.db.dataSource.getRepository(OutboxEntity).findOneByOrFail({ id: job!.id });
    expect(deferred.completed_at).toBeNull();
    expect(deferred.available_at.getTime()).toBeLessThan(lease.lease_until!.getTime());

    // The poll's answer arrives; it reads the pushed events after it, so it applies the change.
    carrier.release();
    await poll;
    const changed = await harness.eventNames(account);
    expect(changed.slice(before.length).sort()).toEqual([
      'container.transport.estimated.vessel_arrived MSKU1234565',
      'shipment.estimated.arrival',
    ]);

    // The push, tried again, finds it already applied: nothing new, and its job is done.
    const asked = carrier.asked.length;
    const again = await apply.execute({ carrierShipmentId, outboxId: job!.id }, NOW);
    expect('eventIds' in again ? again.eventIds : again.status).toEqual([]);
    expect(carrier.asked).toHaveLength(asked);
    expect(await harness.eventNames(account)).toEqual(changed);
    expect(await harness.pendingOutbox(JOB.applyDcsaPush)).toEqual([]);
  });
});
