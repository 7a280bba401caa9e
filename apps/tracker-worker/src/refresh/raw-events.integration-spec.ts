import type { SandboxScenario } from '@quayside/carriers';
import { RawEventEntity, ShipmentStateRepository, TrackingRepository } from '@quayside/data-access';
import { ScenarioAdapters } from '../test/scenario-adapters';
import { TrackerTestHarness, dayOf } from '../test/tracker-test-harness';
import { TrackRequestUseCase } from '../tracking-requests/track-request.use-case';
import { ObservationService } from '../tracking-state/observation.service';
import { RefreshShipmentUseCase } from './refresh-shipment.use-case';

const T0 = new Date('2026-08-14T08:00:00.000Z');

const VOYAGE: SandboxScenario = {
  number: 'RAW-EVENTS',
  bookingNumber: null,
  plays: 'an arrival estimate corrected on the way, then the arrival',
  places: {
    pol: { locode: 'CNSHA', name: 'Shanghai', timeZone: 'Asia/Shanghai' },
    pod: { locode: 'USLAX', name: 'Los Angeles', timeZone: 'America/Los_Angeles' },
  },
  vessel: { name: 'QUAYSIDE PIONEER', imo: '9312341', voyage: '012E' },
  podTerminalFirmsCode: null,
  railCarrierScac: null,
  containers: [
    {
      number: 'QNTU4000002',
      isoSizeType: '45G1',
      equipment: { type: 'dry', length: 40, height: 'high_cube' },
      sealNumber: null,
      weightLbs: null,
    },
  ],
  steps: [
    { day: -1, type: 'milestone', event: 'container.transport.vessel_departed', at: 'pol' },
    { day: -1, type: 'estimate', event: 'container.transport.estimated.vessel_arrived', at: 'pod', eventDay: 3 },
    { day: 1, type: 'estimate', event: 'container.transport.estimated.vessel_arrived', at: 'pod', eventDay: 4 },
    { day: 4, type: 'milestone', event: 'container.transport.vessel_arrived', at: 'pod' },
  ],
};

/** The same voyage under another number and container: a test of its own. */
const AGAIN: SandboxScenario = {
  ...VOYAGE,
  number: 'RAW-EVENTS-AGAIN',
  containers: [{ ...VOYAGE.containers[0]!, number: 'QNTU4000024' }],
};

/** The same voyage under another number and container: a test of its own. */
const WITHDRAWN: SandboxScenario = {
  ...VOYAGE,
  number: 'RAW-EVENTS-BACK',
  containers: [{ ...VOYAGE.containers[0]!, number: 'QNTU4000013' }],
};

describe('raw events: what the sources said, kept in the transaction that applies it', () => {
  let harness: TrackerTestHarness;

  beforeAll(async () => {
    harness = await TrackerTestHarness.create(
      [ObservationService, ShipmentStateRepository, TrackingRepository, TrackRequestUseCase, RefreshShipmentUseCase],
      {},
      new ScenarioAdapters([VOYAGE, WITHDRAWN, AGAIN]),
    );
  });

  afterAll(async () => {
    await harness.close();
  });

  /** A new account following `number` from T0; `refresh(day)` refreshes its shipment as of that day. */
  async function follow(number: string): Promise<{ account: string; refresh: (day: number) => Promise<unknown> }> {
    const account = await harness.account();
    const { id, outboxId } = await harness.trackingRequest(account, number, T0);
    await harness.module.get(TrackRequestUseCase).execute({ trackingRequestId: id, outboxId }, T0);
    const shipmentId = (await harness.request(id)).tracked_object_id ?? '';
    const refresh = async (day: number) =>
      harness.module.get(RefreshShipmentUseCase).execute({ shipmentId, outboxId: null, reason: 'manual' }, dayOf(T0, day));
    return { account, refresh };
  }

  it('stores each report once, links actual ones to their transport event, and invalidates a corrected estimate', async () => {
    const { account, refresh } = await follow('RAW-EVENTS');
    // Day 0 twice: the same answer again stores nothing.
    for (const day of [0, 1, 4]) await refresh(day);

    const rows = await harness.db.dataSource.getRepository(RawEventEntity).find({ order: { created_at: 'ASC', index: 'ASC' } });
    const summary = rows.map((r) => [
      r.original_event,
      r.event,
      r.location_locode,
      r.location_name,
      r.estimated,
      r.timestamp?.toISOString(),
      r.invalidated_at !== null,
      r.data_provider_code,
    ]);
    expect(summary).toEqual([
      ['Vessel Departed', 'container.transport.vessel_departed', 'CNSHA', 'Shanghai', false, dayOf(T0, -1).toISOString(), false, 'TEST'],
      [
        'Estimated Vessel Arrived',
        'container.transport.estimated.vessel_arrived',
        'USLAX',
        'Los Angeles',
        true,
        dayOf(T0, 3).toISOString(),
        true,
        'TEST',
      ],
      [
        'Estimated Vessel Arrived',
        'container.transport.estimated.vessel_arrived',
        'USLAX',
        'Los Angeles',
        true,
        dayOf(T0, 4).toISOString(),
        false,
        'TEST',
      ],
      ['Vessel Arrived', 'container.transport.vessel_arrived', 'USLAX', 'Los Angeles', false, dayOf(T0, 4).toISOString(), false, 'TEST'],
    ]);
    const milestones = await harness.db.dataSource.query<Array<{ id: string; event: string }>>(
      `SELECT id, event FROM transport_events WHERE invalidated_at IS NULL`,
    );
    const byEvent = new Map(milestones.map((m) => [m.event, m.id]));
    expect(rows.filter((r) => !r.estimated).map((r) => r.transport_event_id)).toEqual([
      byEvent.get('container.transport.vessel_departed'),
      byEvent.get('container.transport.vessel_arrived'),
    ]);
    expect(rows.filter((r) => r.estimated).map((r) => r.transport_event_id)).toEqual([null, null]);
    expect(new Set(rows.map((r) => r.account_id))).toEqual(new Set([account]));
  });

  it('makes a withdrawn report current again when the source carries it again, linked to its milestone', async () => {
    const { account, refresh } = await follow('RAW-EVENTS-BACK');
    await refresh(0);
    const departed = { account_id: account, event: 'container.transport.vessel_departed' };
    const repository = harness.db.dataSource.getRepository(RawEventEntity);
    const linked = (await repository.findOneByOrFail(departed)).transport_event_id;
    expect(linked).not.toBeNull();
    // As an answer without it leaves it: withdrawn, and no longer linked.
    await repository.update(departed, { invalidated_at: new Date(), transport_event_id: null });

    await refresh(1);

    const [report, ...others] = await repository.findBy(departed);
    expect(others).toEqual([]);
    expect(report).toMatchObject({ invalidated_at: null, transport_event_id: linked });
    const current = await repository.findBy({ account_id: account, estimated: false });
    expect(current.map((r) => r.invalidated_at)).toEqual([null]);
  });

  it('leaves the reports stored and current alone when an answer carries them again: not even locked', async () => {
    const { account, refresh } = await follow('RAW-EVENTS-AGAIN');
    // xmax names the last transaction that deleted, updated or locked the row version: 0 for one
    // nobody touched since its insert. A conflicting insert's DO UPDATE locks the row even when its
    // WHERE keeps it from updating (a WAL record per row), which at 200 pushes/s was most rows written.
    const versions = async () =>
      harness.db.dataSource.query<Array<{ event: string; xmax: string; invalidated: boolean }>>(
        `SELECT r.event, r.xmax::text AS xmax, r.invalidated_at IS NOT NULL AS invalidated
         FROM raw_events r JOIN containers c ON c.id = r.container_id
         WHERE c.account_id = $1 ORDER BY r.created_at, r.index`,
        [account],
      );
    await refresh(0);
    const before = await versions();
    expect(before.map((r) => [r.event, r.xmax, r.invalidated])).toEqual([
      ['container.transport.vessel_departed', '0', false],
      ['container.transport.estimated.vessel_arrived', '0', false],
    ]);

    // Day 1 moves the arrival estimate (the first one withdrawn, the new one stored): the
    // departure, reported again, is the version inserted on day 0, untouched.
    await refresh(1);

    expect((await versions()).map((r) => [r.event, r.invalidated])).toEqual([
      ['container.transport.vessel_departed', false],
      ['container.transport.estimated.vessel_arrived', true],
      ['container.transport.estimated.vessel_arrived', false],
    ]);
    expect((await versions())[0]!.xmax).toBe('0');
  });
});
