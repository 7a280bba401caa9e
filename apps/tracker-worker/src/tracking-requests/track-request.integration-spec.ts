import { ShipmentEntity, TrackingRequestEntity } from '@quayside/data-access';
import { JOB } from '@quayside/queues';
import { DAY_MS, TrackerTestHarness, dayOf } from '../test/tracker-test-harness';
import { TrackRequestUseCase } from './track-request.use-case';

const T0 = new Date('2026-08-14T08:00:00.000Z');

describe('track-request', () => {
  let harness: TrackerTestHarness;
  let useCase: TrackRequestUseCase;

  beforeAll(async () => {
    harness = await TrackerTestHarness.create([TrackRequestUseCase]);
    useCase = harness.module.get(TrackRequestUseCase);
  });

  afterAll(async () => {
    await harness.close();
  });

  it('TEST-TR-SUCCEEDED succeeds at once: shipment, container and the milestones so far, each as an event', async () => {
    const account = await harness.account();
    const { id, outboxId } = await harness.trackingRequest(account, 'TEST-TR-SUCCEEDED', T0);

    const result = await useCase.execute({ trackingRequestId: id, outboxId }, T0);

    expect(result).toMatchObject({ status: 'succeeded', failedReason: null, retryAt: null });
    const request = await harness.request(id);
    expect(request).toMatchObject({ status: 'succeeded', failed_reason: null, is_retrying: false, retry_count: 0 });
    const shipment = await harness.shipment(request.tracked_object_id ?? '');
    expect(shipment).toMatchObject({
      bill_of_lading_number: 'TEST-TR-SUCCEEDED',
      shipping_line_scac: 'TEST',
      port_of_lading_locode: 'CNSHA',
      port_of_discharge_locode: 'USLAX',
      pod_vessel_name: 'QUAYSIDE PIONEER',
      pod_timezone: 'America/Los_Angeles',
      pod_eta_at: dayOf(T0, 9),
      pod_original_eta_at: dayOf(T0, 9),
      pod_ata_at: null,
      line_tracking_stopped_at: null,
    });
    expect(shipment.pod_terminal_id).not.toBeNull();
    // Its physical shipment is scheduled for the next refresh, for everyone who follows it.
    expect((await harness.carrierShipment(shipment.carrier_shipment_id ?? '')).next_refresh_at?.getTime()).toBeGreaterThan(T0.getTime());
    const [container, ...others] = await harness.containers(shipment.id);
    expect(others).toEqual([]);
    expect(container).toMatchObject({
      number: 'QSDU2001376',
      equipment_type: 'dry',
      equipment_length: 40,
      equipment_height: 'high_cube',
      seal_number: 'QS100001',
      pod_eta_at: dayOf(T0, 9),
      current_status: 'on_ship',
      holds_at_pod_terminal: [],
      fees_at_pod_terminal: [],
      available_for_pickup: null,
      pickup_lfd: null,
    });
    expect(await harness.eventNames(account)).toEqual([
      'tracking_request.succeeded',
      'container.created QSDU2001376',
      'container.transport.empty_out QSDU2001376',
      'container.transport.full_in QSDU2001376',
      'container.transport.vessel_loaded QSDU2001376',
      'container.transport.vessel_departed QSDU2001376',
    ]);
    // One fan-out job per event, nothing else left to do for this request.
    expect(await harness.pendingOutbox(JOB.fanOut)).toHaveLength(6);
    expect(await harness.pendingOutbox(JOB.trackRequest)).toEqual([]);
  });

  it('hands the reference numbers and tags of each request that succeeds to its shipment, keeping what is there', async () => {
    const account = await harness.account();
    const requests = harness.db.dataSource.getRepository(TrackingRequestEntity);
    const first = await harness.trackingRequest(account, 'TEST-TR-SUCCEEDED', T0);
    await requests.update({ id: first.id }, { ref_numbers: ['PO-1'], tags: ['urgent'] });
    await useCase.execute({ trackingRequestId: first.id, outboxId: first.outboxId }, T0);
    const shipmentId = (await harness.request(first.id)).tracked_object_id ?? '';
    expect(await harness.shipment(shipmentId)).toMatchObject({ ref_numbers: ['PO-1'], tags: ['urgent'] });
    // The client edits the shipment; a second request (its booking) finds the same shipment later.
    await harness.db.dataSource.getRepository(ShipmentEntity).update({ id: shipmentId }, { tags: ['urgent', 'client-set'] });
    const second = await harness.trackingRequest(account, 'TESTBK0001', T0, 'booking_number');
    await requests.update({ id: second.id }, { ref_numbers: ['PO-2', 'PO-1'], tags: ['reefer', 'urgent'] });
    await useCase.execute({ trackingRequestId: second.id, outboxId: second.outboxId }, dayOf(T0, 1));
    expect((await harness.request(second.id)).tracked_object_id).toBe(shipmentId);
    expect(await harness.shipment(shipmentId)).toMatchObject({ ref_numbers: ['PO-1', 'PO-2'], tags: ['urgent', 'client-set', 'reefer'] });
  });

  it('an account that joins a shipment another account already follows sees the same carrier timeline', async () => {
    // The first test's account follows TEST-TR-SUCCEEDED since T0; a second account asks three days later.
    const joined = dayOf(T0, 3);
    const account = await harness.account();
    const { id, outboxId } = await harness.trackingRequest(account, 'TEST-TR-SUCCEEDED', joined);
    expect(await useCase.execute({ trackingRequestId: id, outboxId }, joined)).toMatchObject({ status: 'succeeded' });
    const shipment = await harness.shipment((await harness.request(id)).tracked_object_id ?? '');
    // One physical shipment, one truth: the arrival is T0's day 9, not three days later.
    expect(shipment.pod_eta_at).toEqual(dayOf(T0, 9));
  });

  it('a bill of lading with three containers creates every one of them', async () => {
    const account = await harness.account();
    const { id, outboxId } = await harness.trackingRequest(account, 'TEST-TR-MULTI-CONTAINER', T0);
    const result = await useCase.execute({ trackingRequestId: id, outboxId }, T0);
    expect(result.status).toBe('succeeded');
    const shipmentId = (await harness.request(id)).tracked_object_id ?? '';
    expect((await harness.containers(shipmentId)).map((c) => [c.number, c.equipment_type, c.equipment_length])).toEqual([
      ['QSDU2006850', 'dry', 40],
      ['QSDU2008220', 'dry', 20],
      ['QSDU2009593', 'reefer', 40],
    ]);
    const names = await harness.eventNames(account);
    expect(names.filter((n) => n.startsWith('container.created'))).toEqual([
      'container.created QSDU2006850',
      'container.created QSDU2008220',
      'container.created QSDU2009593',
    ]);
    expect(names[0]).toBe('tracking_request.succeeded');
  });

  it('awaiting manifest: the event once, a daily re-check, then success', async () => {
    const account = await harness.account();
    const { id, outboxId } = await harness.trackingRequest(account, 'TEST-TR-AWAITING-MANIFEST', T0);

    expect(await useCase.execute({ trackingRequestId: id, outboxId }, T0)).toMatchObject({
      status: 'awaiting_manifest',
      retryAt: dayOf(T0, 1),
    });
    expect(await harness.request(id)).toMatchObject({
      status: 'awaiting_manifest',
      failed_reason: 'awaiting_manifest',
      is_retrying: true,
      next_attempt_at: dayOf(T0, 1),
    });
    const [recheck] = await harness.pendingOutbox(JOB.trackRequest);
    expect(recheck?.available_at).toEqual(dayOf(T0, 1));

    expect(await useCase.execute({ trackingRequestId: id, outboxId: recheck?.id ?? '' }, dayOf(T0, 1))).toMatchObject({
      status: 'awaiting_manifest',
    });
    const [secondRecheck] = await harness.pendingOutbox(JOB.trackRequest);
    expect(secondRecheck?.available_at).toEqual(dayOf(T0, 2));

    expect(await useCase.execute({ trackingRequestId: id, outboxId: secondRecheck?.id ?? '' }, dayOf(T0, 2))).toMatchObject({
      status: 'succeeded',
    });
    expect(await harness.request(id)).toMatchObject({
      status: 'succeeded',
      failed_reason: null,
      is_retrying: false,
      next_attempt_at: null,
    });
    expect(await harness.eventNames(account)).toEqual([
      'tracking_request.awaiting_manifest',
      'tracking_request.succeeded',
      'container.created QSDU2004117',
      'container.transport.empty_out QSDU2004117',
      'container.transport.full_in QSDU2004117',
    ]);
  });

  it('TEST-TR-FAILED: a bill of lading the line does not know fails at once with not_found', async () => {
    const account = await harness.account();
    const { id, outboxId } = await harness.trackingRequest(account, 'TEST-TR-FAILED', T0);
    expect(await useCase.execute({ trackingRequestId: id, outboxId }, T0)).toMatchObject({ status: 'failed', failedReason: 'not_found' });
    expect(await harness.request(id)).toMatchObject({
      status: 'failed',
      failed_reason: 'not_found',
      is_retrying: false,
      next_attempt_at: null,
    });
    expect(await harness.eventNames(account)).toEqual(['tracking_request.failed']);
  });

  it('a container number the line does not know fails at once with not_found', async () => {
    const account = await harness.account();
    const { id, outboxId } = await harness.trackingRequest(account, 'MSCU1234566', T0, 'container');
    expect(await useCase.execute({ trackingRequestId: id, outboxId }, T0)).toMatchObject({ status: 'failed', failedReason: 'not_found' });
    expect(await harness.eventNames(account)).toEqual(['tracking_request.failed']);
    expect((await harness.events(account))[0]?.payload).toMatchObject({
      status: 'failed',
      failed_reason: 'not_found',
      request_number: 'MSCU1234566',
    });
  });

  it.each([
    ['TEST-TR-INVALID-NUMBER', 'invalid_number'],
    ['TEST-TR-BOOKING-CANCELLED', 'booking_cancelled'],
    ['TEST-TR-DATA-UNAVAILABLE', 'data_unavailable'],
  ])('%s fails at once with %s', async (number, reason) => {
    const account = await harness.account();
    const { id, outboxId } = await harness.trackingRequest(account, number, T0);
    expect(await useCase.execute({ trackingRequestId: id, outboxId }, T0)).toMatchObject({ status: 'failed', failedReason: reason });
    expect(await harness.eventNames(account)).toEqual(['tracking_request.failed']);
  });

  it('an unreachable line is retried with backoff from an outbox row, then succeeds', async () => {
    const account = await harness.account();
    const { id, outboxId } = await harness.trackingRequest(account, 'TEST-TR-UNREACHABLE', T0);

    expect(await useCase.execute({ trackingRequestId: id, outboxId }, T0)).toMatchObject({
      status: 'pending',
      failedReason: 'shipping_line_unreachable',
    });
    expect(await harness.request(id)).toMatchObject({
      status: 'pending',
      retry_count: 1,
      is_retrying: true,
      next_attempt_at: new Date(T0.getTime() + 60_000),
    });
    const [retry] = await harness.pendingOutbox(JOB.trackRequest);
    expect(retry?.available_at).toEqual(new Date(T0.getTime() + 60_000));
    expect(retry?.payload).toEqual({ trackingRequestId: id });
    expect(await harness.eventNames(account)).toEqual([]);

    expect(await useCase.execute({ trackingRequestId: id, outboxId: retry?.id ?? '' }, dayOf(T0, 1))).toMatchObject({
      status: 'succeeded',
    });
    expect(await harness.request(id)).toMatchObject({ status: 'succeeded', retry_count: 1, is_retrying: false, failed_reason: null });
    expect((await harness.eventNames(account))[0]).toBe('tracking_request.succeeded');
  });

  it('14 transient failures in a row end in retries_exhausted, with retry_count and is_retrying kept current', async () => {
    const account = await harness.account();
    // No adapter serves this SCAC: every attempt is an internal transient failure.
    const { id, outboxId } = await harness.trackingRequest(account, 'NOPE123456', T0, 'bill_of_lading', 'NOPE');
    let next: string | undefined = outboxId;
    let now = T0;
    const counts: number[] = [];
    while (next !== undefined) {
      const result = await useCase.execute({ trackingRequestId: id, outboxId: next }, now);
      counts.push((await harness.request(id)).retry_count);
      const row = (await harness.pendingOutbox(JOB.trackRequest))[0];
      if (result.status === 'pending') expect(row?.available_at).toEqual((result as { retryAt: Date }).retryAt);
      next = row?.id;
      now = row?.available_at ?? now;
    }
    expect(counts).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 14]);
    expect(await harness.request(id)).toMatchObject({
      status: 'failed',
      failed_reason: 'retries_exhausted',
      is_retrying: false,
      retry_count: 14,
    });
    // The 14 delays add up to 24 h 15 min (see RETRY_POLICY).
    expect(now.getTime() - T0.getTime()).toBe(87_300_000);
    expect(await harness.eventNames(account)).toEqual(['tracking_request.failed']);
  });

  it('a job that runs again after its commit (worker killed before the ack) stores nothing twice', async () => {
    const account = await harness.account();
    const { id, outboxId } = await harness.trackingRequest(account, 'TEST-TR-SUCCEEDED', T0);
    await useCase.execute({ trackingRequestId: id, outboxId }, T0);
    const before = await harness.eventNames(account);

    expect(await useCase.execute({ trackingRequestId: id, outboxId }, new Date(T0.getTime() + DAY_MS))).toEqual({ status: 'replayed' });
    expect(await harness.eventNames(account)).toEqual(before);
  });

  it('the same job run twice at once stores its events once', async () => {
    const account = await harness.account();
    const { id, outboxId } = await harness.trackingRequest(account, 'TEST-TR-MULTI-CONTAINER', T0);
    const results = await Promise.all([
      useCase.execute({ trackingRequestId: id, outboxId }, T0),
      useCase.execute({ trackingRequestId: id, outboxId }, T0),
    ]);
    // The second run finds the first one's lease (it is put back for later) or its committed work (a replay).
    expect(results.map((r) => r.status)).toContain('succeeded');
    expect(results.map((r) => r.status).filter((s) => s !== 'succeeded')).toEqual([expect.stringMatching(/^(replayed|deferred)$/)]);
    const names = await harness.eventNames(account);
    expect(names.filter((n) => n === 'tracking_request.succeeded')).toHaveLength(1);
    expect(names.filter((n) => n.startsWith('container.created'))).toHaveLength(3);
  });
});
