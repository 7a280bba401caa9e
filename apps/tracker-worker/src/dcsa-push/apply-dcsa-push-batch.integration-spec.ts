import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { validateDcsa3Push } from '@quayside/carriers';
import { DATABASE_CONNECTION, DcsaPushedEventRepository, OutboxEntity, recordStatementsDuring } from '@quayside/data-access';
import { JOB, jobRoute } from '@quayside/queues';
import { Dcsa3CarrierServer } from '../test/dcsa3-carrier-server';
import { TrackerTestHarness } from '../test/tracker-test-harness';
import { CarrierShipmentRefresher } from '../tracking-state/carrier-shipment-refresher.service';
import { TrackRequestUseCase } from '../tracking-requests/track-request.use-case';
import { ApplyDcsaPushBatchUseCase } from './apply-dcsa-push-batch.use-case';
import { ApplyDcsaPushUseCase } from './apply-dcsa-push.use-case';

type Event = Record<string, unknown>;
const FIXTURES = resolve(__dirname, '../../../../libs/carriers/src/dcsa/fixtures');
// The 3.0 journey of the DCSA fixtures up to its arrival estimate, and the same journey for a second
// booking, bill of lading and container (MSKU7654328: its check digit), so two shipments of one carrier are followed.
const FIRST = (JSON.parse(readFileSync(resolve(FIXTURES, 'dcsa3-journey.json'), 'utf8')) as { events: Event[] }).events.slice(0, 6);
const SECOND = JSON.parse(
  JSON.stringify(FIRST)
    .replaceAll('QSBK300001', 'QSBK300002')
    .replaceAll('QSBL300001', 'QSBL300002')
    .replaceAll('MSKU1234565', 'MSKU7654328')
    .replaceAll('"eventID":"', '"eventID":"second-'),
) as Event[];
const T0 = new Date('2026-03-01T00:00:00Z');
const NOW = new Date('2026-03-12T00:00:00Z');

/** The estimate of `journey` moved, as its carrier pushes it. */
const moved = (journey: Event[]): Event => ({
  ...journey[5]!,
  eventDateTime: '2026-03-21T06:00:00-07:00',
  eventUpdatedDateTime: '2026-03-11T00:00:00Z',
});

/**
 * Pushes waiting together are applied together (docs/dcsa.md, "Carriers that push"): one
 * transaction for all of them, every job completed in it, nobody asked; a job already done sends
 * the batch back to one push at a time, where it is a no-op.
 */
describe('pushes applied together', () => {
  const carrier = new Dcsa3CarrierServer();
  let harness: TrackerTestHarness;

  beforeAll(async () => {
    const baseUrl = await carrier.start();
    carrier.published = [...FIRST, ...SECOND];
    harness = await TrackerTestHarness.create([TrackRequestUseCase, ApplyDcsaPushUseCase, ApplyDcsaPushBatchUseCase], {
      CARRIERS_CONFIG: JSON.stringify({ carriers: [{ scac: 'HLCU', kind: 'dcsa', version: '3.0', baseUrl }], terminals: [], rail: [] }),
    });
  });

  afterAll(async () => {
    await harness.close();
    await carrier.stop();
  });

  it('stores and notifies each pushed change once, in one transaction, without asking the carrier; a replayed batch changes nothing', async () => {
    const account = await harness.account();
    const followed: string[] = [];
    for (const booking of ['QSBK300001', 'QSBK300002']) {
      const { id, outboxId } = await harness.trackingRequest(account, booking, T0, 'booking_number', 'HLCU');
      expect((await harness.module.get(TrackRequestUseCase).execute({ trackingRequestId: id, outboxId }, NOW)).status).toBe('succeeded');
      followed.push((await harness.shipment((await harness.request(id)).tracked_object_id ?? '')).carrier_shipment_id ?? '');
    }
    // A scheduled poll of each: its answer is the one kept.
    await harness.module.get(CarrierShipmentRefresher).refreshBatch({ carrierShipmentIds: followed, outboxId: null }, NOW);
    const before = await harness.eventNames(account);
    const asked = carrier.asked.length;

    const checked = await validateDcsa3Push({ events: [moved(FIRST), moved(SECOND)] }, NOW);
    if (!checked.ok) throw new Error(JSON.stringify(checked.problems));
    const recorded = await harness.module.get(DcsaPushedEventRepository).record('HLCU', checked.events, jobRoute(JOB.applyDcsaPush));
    expect([...recorded.refreshed].sort()).toEqual([...followed].sort());
    const jobs = await harness.pendingOutbox(JOB.applyDcsaPush);
    expect(jobs).toHaveLength(2);
    const commands = jobs.map((job) => ({ carrierShipmentId: String(job.payload['carrierShipmentId']), outboxId: job.id }));

    const batch = harness.module.get(ApplyDcsaPushBatchUseCase);
    const { result: runs, statements } = await recordStatementsDuring(harness.module.get(DATABASE_CONNECTION), async () =>
      batch.execute(commands, NOW),
    );
    // The kept answers and the pushed events of both shipments, each read by one statement.
    const reading = (table: string) => statements.filter((sql) => sql.includes(`FROM ${table}`));
    expect([reading('dcsa_polled_answers'), reading('dcsa_pushed_events')].map((found) => found.length)).toEqual([1, 1]);
    // Both jobs completed in one transaction: the same transaction time.
    const completed = await harness.db.dataSource.getRepository(OutboxEntity).findBy(commands.map((c) => ({ id: c.outboxId })));
    expect(completed.map((row) => row.completed_at?.toISOString())).toEqual([
      completed[0]!.completed_at!.toISOString(),
      completed[0]!.completed_at!.toISOString(),
    ]);
    expect(runs.map((run) => ('eventIds' in run ? run.eventIds.length : run.status))).toEqual([2, 2]);
    expect(carrier.asked).toHaveLength(asked);
    const changed = await harness.eventNames(account);
    expect(changed.slice(before.length).sort()).toEqual([
      'container.transport.estimated.vessel_arrived MSKU1234565',
      'container.transport.estimated.vessel_arrived MSKU7654328',
      'shipment.estimated.arrival',
      'shipment.estimated.arrival',
    ]);
    expect(await harness.pendingOutbox(JOB.applyDcsaPush)).toEqual([]);

    // The same jobs again (Bull delivering them twice): applied one by one, each a no-op.
    const again = await batch.execute(commands, NOW);
    expect(again.map((run) => ('eventIds' in run ? run.eventIds.length : run.status))).toEqual(['replayed', 'replayed']);
    expect(await harness.eventNames(account)).toEqual(changed);
    expect(carrier.asked).toHaveLength(asked);
  });
});
