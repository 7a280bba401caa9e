import type { AccountFeature } from '@quayside/domain';
import { JOB } from '@quayside/queues';
import { TrackerTestHarness, dayOf } from '../test/tracker-test-harness';
import { TrackRequestUseCase } from '../tracking-requests/track-request.use-case';
import { RefreshShipmentUseCase } from './refresh-shipment.use-case';

const T0 = new Date('2026-08-14T08:00:00.000Z');
const at = (day: number): Date => dayOf(T0, day);
const EXPORT = ['transport.empty_out', 'transport.full_in', 'transport.vessel_loaded', 'transport.vessel_departed'];
const ARRIVAL = ['transport.vessel_arrived', 'transport.vessel_berthed', 'transport.vessel_discharged'];

/**
 * Every sandbox scenario, end to end: the tracking request at day 0 (following its retries),
 * then a scheduled refresh every half scenario day, each with an explicit `now`. Events are
 * listed in emission order with `container.transport.` shortened to `transport.`.
 */
describe('sandbox scenarios end to end', () => {
  let harness: TrackerTestHarness;

  beforeAll(async () => {
    harness = await TrackerTestHarness.create([TrackRequestUseCase, RefreshShipmentUseCase]);
  });

  afterAll(async () => {
    await harness.close();
  });

  async function play(
    number: string,
    lastDay: number,
    features: AccountFeature[] = [],
  ): Promise<{ account: string; requestId: string; shipmentId: string }> {
    const account = await harness.account(features);
    const { id, outboxId } = await harness.trackingRequest(account, number, T0);
    let next: { id: string; at: Date } | undefined = { id: outboxId, at: T0 };
    while (next !== undefined) {
      await harness.module.get(TrackRequestUseCase).execute({ trackingRequestId: id, outboxId: next.id }, next.at);
      const row = (await harness.pendingOutbox(JOB.trackRequest))[0];
      next = row === undefined ? undefined : { id: row.id, at: row.available_at };
    }
    const shipmentId = (await harness.request(id)).tracked_object_id ?? '';
    for (let half = 1; half <= lastDay * 2; half += 1) {
      await harness.module.get(RefreshShipmentUseCase).execute({ shipmentId, outboxId: null, reason: 'manual' }, at(half / 2));
    }
    return { account, requestId: id, shipmentId };
  }

  async function names(account: string): Promise<string[]> {
    return (await harness.events(account)).map((e) => e.name.replace('container.transport.', 'transport.'));
  }

  it('TEST-TR-SUCCEEDED: on the water at day 0, arrives day 9, discharged day 10', async () => {
    const { account, requestId, shipmentId } = await play('TEST-TR-SUCCEEDED', 12);
    expect(await harness.request(requestId)).toMatchObject({ status: 'succeeded' });
    expect(await harness.shipment(shipmentId)).toMatchObject({ pod_ata_at: at(9), pod_eta_at: at(9), line_tracking_stopped_at: null });
    expect(await harness.containers(shipmentId)).toMatchObject([
      {
        number: 'QSDU2001376',
        pod_arrived_at: at(9),
        pod_discharged_at: at(10),
        current_status: 'grounded',
        available_for_pickup: null,
        availability_known: false,
      },
    ]);
    expect(await names(account)).toEqual(['tracking_request.succeeded', 'container.created', ...EXPORT, ...ARRIVAL]);
  });

  it('TEST-TR-MULTI-CONTAINER: every container of the bill, each with its own discharge', async () => {
    const { account, shipmentId } = await play('TEST-TR-MULTI-CONTAINER', 9);
    expect((await harness.containers(shipmentId)).map((c) => [c.number, c.pod_discharged_at])).toEqual([
      ['QSDU2006850', at(7)],
      ['QSDU2008220', at(7.5)],
      ['QSDU2009593', at(8)],
    ]);
    const perContainer = ['container.created', ...EXPORT];
    expect(await names(account)).toEqual([
      'tracking_request.succeeded',
      ...perContainer,
      ...perContainer,
      ...perContainer,
      'transport.vessel_arrived',
      'transport.vessel_arrived',
      'transport.vessel_arrived',
      'transport.vessel_discharged',
      'transport.vessel_discharged',
      'transport.vessel_discharged',
    ]);
    const discharged = (await harness.events(account))
      .filter((e) => e.name === 'container.transport.vessel_discharged')
      .map((e) => e.container);
    expect(discharged).toEqual(['QSDU2006850', 'QSDU2008220', 'QSDU2009593']);
  });

  it('TEST-TR-TRANSSHIPMENT: Singapore legs, a vessel change, and the arrival estimate moving a day earlier', async () => {
    const { account, shipmentId } = await play('TEST-TR-TRANSSHIPMENT', 21);
    expect(await harness.shipment(shipmentId)).toMatchObject({
      pod_vessel_name: 'QUAYSIDE HORIZON',
      pod_eta_at: at(19),
      pod_original_eta_at: at(20),
      pod_ata_at: at(19),
    });
    expect(await names(account)).toEqual([
      'tracking_request.succeeded',
      'container.created',
      ...EXPORT,
      'transport.transshipment_arrived',
      'transport.transshipment_discharged',
      'transport.transshipment_loaded',
      'shipment.estimated.arrival',
      'transport.transshipment_departed',
      'transport.estimated.vessel_arrived',
      ...ARRIVAL,
    ]);
    const events = await harness.events(account);
    expect(events.find((e) => e.name === 'shipment.estimated.arrival')?.payload).toMatchObject({
      estimated_timestamp: at(19).toISOString(),
      previous_estimated_timestamp: at(20).toISOString(),
      location_locode: 'USLAX',
    });
    const legs = events
      .filter((e) => e.name.includes('transshipment'))
      .map((e) => [e.name, e.payload['location_locode'], e.payload['vessel_name']]);
    expect(legs).toEqual([
      ['container.transport.transshipment_arrived', 'SGSIN', 'QUAYSIDE PIONEER'],
      ['container.transport.transshipment_discharged', 'SGSIN', 'QUAYSIDE PIONEER'],
      ['container.transport.transshipment_loaded', 'SGSIN', 'QUAYSIDE HORIZON'],
      ['container.transport.transshipment_departed', 'SGSIN', 'QUAYSIDE HORIZON'],
    ]);
  });

  it('TEST-TR-RAIL (account with rail_lfd): rail milestones, the rail last free day, and a stop once the empty is returned', async () => {
    const { account, requestId, shipmentId } = await play('TEST-TR-RAIL', 20, ['rail_lfd']);
    expect(await harness.request(requestId)).toMatchObject({ status: 'tracking_stopped' });
    const shipment = await harness.shipment(shipmentId);
    expect(shipment).toMatchObject({ line_tracking_stopped_at: at(18), line_tracking_stopped_reason: 'all_containers_terminated' });
    // Nobody else follows it: its physical shipment is no longer scheduled.
    expect((await harness.carrierShipment(shipment.carrier_shipment_id ?? '')).next_refresh_at).toBeNull();
    expect(await harness.containers(shipmentId)).toMatchObject([
      {
        pod_rail_carrier_scac: 'TSTR',
        ind_rail_carrier_scac: 'TSTR',
        pod_rail_loaded_at: at(10),
        pod_rail_departed_at: at(10.5),
        ind_ata_at: at(13.5),
        ind_rail_unloaded_at: at(14),
        pickup_lfd_rail: at(17),
        pickup_lfd: at(17),
        final_destination_full_out_at: at(15),
        final_destination_timezone: 'America/Chicago',
        empty_terminated_at: at(18),
        current_status: 'empty_returned',
      },
    ]);
    expect(await names(account)).toEqual([
      'tracking_request.succeeded',
      'container.created',
      ...EXPORT,
      ...ARRIVAL,
      'transport.rail_loaded',
      'transport.rail_departed',
      'transport.rail_arrived',
      'transport.arrived_at_inland_destination',
      'transport.rail_unloaded',
      'container.updated',
      'container.pickup_lfd.changed',
      'container.pickup_lfd_rail.changed',
      'transport.full_out',
      'transport.empty_in',
      'tracking_request.tracking_stopped',
    ]);
    const stopped = (await harness.events(account)).at(-1);
    expect(stopped?.payload).toMatchObject({ status: 'tracking_stopped', stopped_reason: 'all_containers_terminated' });
  });

  it('TEST-TR-RAIL (account without rail_lfd): the same journey, but no rail last free day is stored or announced', async () => {
    const { account, shipmentId } = await play('TEST-TR-RAIL', 20);
    expect(await harness.containers(shipmentId)).toMatchObject([{ pickup_lfd_rail: null, pickup_lfd: null, ind_ata_at: at(13.5) }]);
    const list = await names(account);
    expect(list.filter((n) => n.includes('pickup_lfd') || n === 'container.updated')).toEqual([]);
    expect(list).toContain('transport.rail_unloaded');
  });

  it('TEST-TR-HOLDS: holds appear, change and clear; the container becomes available', async () => {
    const { account, shipmentId } = await play('TEST-TR-HOLDS', 9);
    expect(await harness.containers(shipmentId)).toMatchObject([
      { holds_at_pod_terminal: [], available_for_pickup: true, availability_known: true, current_status: 'available' },
    ]);
    expect(await names(account)).toEqual([
      'tracking_request.succeeded',
      'container.created',
      ...EXPORT,
      ...ARRIVAL,
      'container.updated',
      'container.updated',
      'container.updated',
      'container.updated',
      'container.updated',
      'transport.available',
    ]);
    const changesets = (await harness.events(account)).filter((e) => e.name === 'container.updated').map((e) => e.payload['changeset']);
    const customs = { name: 'customs', status: 'hold', description: 'Customs exam ordered' };
    const freight = { name: 'freight', status: 'hold', description: 'Freight charges unpaid' };
    const usdaPending = { name: 'USDA', status: 'pending', description: null };
    const usdaHold = { name: 'USDA', status: 'hold', description: 'USDA inspection' };
    expect(changesets).toEqual([
      { available_for_pickup: [null, false], holds_at_pod_terminal: [[], [freight, customs, usdaPending]] },
      {
        holds_at_pod_terminal: [
          [freight, customs, usdaPending],
          [customs, usdaPending],
        ],
      },
      {
        holds_at_pod_terminal: [
          [customs, usdaPending],
          [customs, usdaHold],
        ],
      },
      { holds_at_pod_terminal: [[customs, usdaHold], [usdaHold]] },
      { available_for_pickup: [false, true], holds_at_pod_terminal: [[usdaHold], []] },
    ]);
  });

  it('TEST-TR-FEES: a terminal last free day, fees posted and raised (with a total), then paid and gated out', async () => {
    const { account, shipmentId } = await play('TEST-TR-FEES', 11);
    expect(await harness.containers(shipmentId)).toMatchObject([
      { fees_at_pod_terminal: [], pickup_lfd_terminal: at(7), pickup_lfd: at(7), pod_full_out_at: at(10), current_status: 'picked_up' },
    ]);
    expect(await names(account)).toEqual([
      'tracking_request.succeeded',
      'container.created',
      ...EXPORT,
      ...ARRIVAL,
      'container.updated',
      'container.pickup_lfd.changed',
      'container.pickup_lfd_terminal.changed',
      'transport.available',
      'container.updated',
      'container.updated',
      'transport.full_out',
      'container.updated',
    ]);
    const fees = (await harness.events(account))
      .filter((e) => e.name === 'container.updated')
      .slice(1)
      .map((e) => (e.payload['changeset'] as Record<string, unknown>)['fees_at_pod_terminal']);
    const usd = (type: string, amount: number): Record<string, unknown> => ({ type, amount, currency: 'USD' });
    expect(fees).toEqual([
      [[], [usd('demurrage', 150)]],
      [[usd('demurrage', 150)], [usd('demurrage', 300), usd('exam', 250), usd('total', 550)]],
      [[usd('demurrage', 300), usd('exam', 250), usd('total', 550)], []],
    ]);
  });

  it('TEST-TR-LFD-CHANGES: each of the three last free day sources changes, each with its own event; line wins pickup_lfd', async () => {
    const { account, shipmentId } = await play('TEST-TR-LFD-CHANGES', 13, ['rail_lfd']);
    expect(await harness.containers(shipmentId)).toMatchObject([
      { pickup_lfd_line: at(14), pickup_lfd_terminal: at(9), pickup_lfd_rail: at(16), pickup_lfd: at(14) },
    ]);
    expect(await names(account)).toEqual([
      'tracking_request.succeeded',
      'container.created',
      ...EXPORT,
      ...ARRIVAL,
      'container.updated',
      'container.pickup_lfd.changed',
      'container.pickup_lfd_line.changed',
      'container.pickup_lfd_terminal.changed',
      'transport.available',
      'container.updated',
      'container.pickup_lfd_terminal.changed',
      'container.updated',
      'container.pickup_lfd.changed',
      'container.pickup_lfd_line.changed',
      'transport.rail_loaded',
      'transport.rail_departed',
      'transport.rail_arrived',
      'transport.arrived_at_inland_destination',
      'transport.rail_unloaded',
      'container.updated',
      'container.pickup_lfd_rail.changed',
      'container.updated',
      'container.pickup_lfd_rail.changed',
    ]);
    const changes = (await harness.events(account))
      .filter((e) => e.name.startsWith('container.pickup_lfd'))
      .map((e) => [e.name, e.payload['previous'], e.payload['current']]);
    const iso = (day: number): string => at(day).toISOString();
    expect(changes).toEqual([
      ['container.pickup_lfd.changed', null, iso(12)],
      ['container.pickup_lfd_line.changed', null, iso(12)],
      ['container.pickup_lfd_terminal.changed', null, iso(8)],
      ['container.pickup_lfd_terminal.changed', iso(8), iso(9)],
      ['container.pickup_lfd.changed', iso(12), iso(14)],
      ['container.pickup_lfd_line.changed', iso(12), iso(14)],
      ['container.pickup_lfd_rail.changed', null, iso(15)],
      ['container.pickup_lfd_rail.changed', iso(15), iso(16)],
    ]);
  });

  it('TEST-TR-POD-TERMINAL-CHANGE: the discharge terminal moves from TST1 to TST2, whose data then follows', async () => {
    const { account, shipmentId } = await play('TEST-TR-POD-TERMINAL-CHANGE', 8);
    const tst1 = await harness.db.dataSource.query<Array<{ id: string }>>(`SELECT id FROM terminals WHERE firms_code = 'TST1'`);
    const tst2 = await harness.db.dataSource.query<Array<{ id: string }>>(`SELECT id FROM terminals WHERE firms_code = 'TST2'`);
    expect(await harness.shipment(shipmentId)).toMatchObject({ pod_terminal_id: tst2[0]?.id });
    expect(await harness.containers(shipmentId)).toMatchObject([
      { pod_terminal_id: tst2[0]?.id, available_for_pickup: true, location_at_pod_terminal: 'Row 12, Bay 4' },
    ]);
    expect(await names(account)).toEqual([
      'tracking_request.succeeded',
      'container.created',
      ...EXPORT,
      'container.pod_terminal_changed',
      'container.updated',
      ...ARRIVAL,
      'container.updated',
      'transport.available',
    ]);
    const changed = (await harness.events(account)).find((e) => e.name === 'container.pod_terminal_changed');
    expect(changed?.payload).toMatchObject({ previous_terminal_id: tst1[0]?.id, terminal_id: tst2[0]?.id });
  });

  it('TEST-TR-FULL-LIFECYCLE: from empty out to empty returned, then tracking stops', async () => {
    const { account, requestId, shipmentId } = await play('TEST-TR-FULL-LIFECYCLE', 28);
    expect(await harness.request(requestId)).toMatchObject({ status: 'tracking_stopped', failed_reason: null });
    expect(await harness.shipment(shipmentId)).toMatchObject({
      pod_original_eta_at: at(17),
      pod_eta_at: at(18),
      pod_ata_at: at(18),
      line_tracking_stopped_at: at(27),
      line_tracking_stopped_reason: 'all_containers_terminated',
    });
    expect(await harness.containers(shipmentId)).toMatchObject([
      {
        pickup_lfd_line: at(26),
        pickup_lfd_terminal: at(24),
        pickup_lfd: at(26),
        pickup_appointment_at: at(22),
        pod_full_out_at: at(22),
        empty_terminated_at: at(27),
        empty_terminated_timezone: 'America/Los_Angeles',
        location_at_pod_terminal: null,
        current_status: 'empty_returned',
      },
    ]);
    expect(await names(account)).toEqual([
      'tracking_request.succeeded',
      'container.created',
      'transport.empty_out',
      'transport.full_in',
      'transport.vessel_loaded',
      'shipment.estimated.arrival',
      'transport.vessel_departed',
      'transport.estimated.vessel_arrived',
      'shipment.estimated.arrival',
      'transport.estimated.vessel_arrived',
      ...ARRIVAL,
      'container.updated',
      'container.pickup_lfd.changed',
      'container.pickup_lfd_line.changed',
      'container.updated',
      'container.pickup_lfd_terminal.changed',
      'transport.available',
      'container.updated',
      'container.pickup_appointment.changed',
      'transport.full_out',
      'transport.delivered',
      'transport.empty_in',
      'tracking_request.tracking_stopped',
    ]);
    // After the stop nothing more is asked or told.
    expect(
      (await harness.module.get(RefreshShipmentUseCase).execute({ shipmentId, outboxId: null, reason: 'manual' }, at(29))).status,
    ).toBe('settled');
    expect((await names(account)).at(-1)).toBe('tracking_request.tracking_stopped');
  });
});
