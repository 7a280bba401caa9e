import type { SandboxScenario } from '@quayside/carriers';
import { ShipmentStateRepository, TrackingRepository } from '@quayside/data-access';
import { ScenarioAdapters } from '../test/scenario-adapters';
import { TrackerTestHarness, dayOf } from '../test/tracker-test-harness';
import { TrackRequestUseCase } from '../tracking-requests/track-request.use-case';
import { ObservationService } from '../tracking-state/observation.service';
import { RefreshShipmentUseCase } from './refresh-shipment.use-case';

const T0 = new Date('2026-08-14T08:00:00.000Z');

/** The same terminal story as TEST-TR-HOLDS, at a terminal no adapter serves. */
const UNSERVED: SandboxScenario = {
  number: 'UNSERVED-TERMINAL',
  bookingNumber: null,
  plays: 'discharged at a terminal without an integration',
  places: {
    pol: { locode: 'CNSHA', name: 'Shanghai', timeZone: 'Asia/Shanghai' },
    pod: { locode: 'USLAX', name: 'Los Angeles', timeZone: 'America/Los_Angeles' },
  },
  vessel: { name: 'QUAYSIDE PIONEER', imo: '9312341', voyage: '012E' },
  podTerminalFirmsCode: 'Y258',
  railCarrierScac: null,
  containers: [
    {
      number: 'QNTU4000001',
      isoSizeType: '45G1',
      equipment: { type: 'dry', length: 40, height: 'high_cube' },
      sealNumber: null,
      weightLbs: null,
    },
  ],
  steps: [
    { day: -1, type: 'milestone', event: 'container.transport.vessel_departed', at: 'pol' },
    { day: 2, type: 'milestone', event: 'container.transport.vessel_discharged', at: 'pod' },
    { day: 2, type: 'hold', hold: { name: 'customs', status: 'hold', description: null } },
    { day: 2, type: 'last_free_day', source: 'terminal', lfdDay: 6 },
    { day: 3, type: 'availability', available: true },
  ],
};

describe('what is not ours to invent', () => {
  let harness: TrackerTestHarness;

  beforeAll(async () => {
    harness = await TrackerTestHarness.create(
      [ObservationService, ShipmentStateRepository, TrackingRepository, TrackRequestUseCase, RefreshShipmentUseCase],
      {},
      new ScenarioAdapters([UNSERVED]),
    );
  });

  afterAll(async () => {
    await harness.close();
  });

  it('a terminal no adapter serves gives no terminal data at all: no holds, fees, terminal LFD or availability, and no events for them', async () => {
    const account = await harness.account(['rail_lfd']);
    const { id, outboxId } = await harness.trackingRequest(account, 'UNSERVED-TERMINAL', T0);
    await harness.module.get(TrackRequestUseCase).execute({ trackingRequestId: id, outboxId }, T0);
    const shipmentId = (await harness.request(id)).tracked_object_id ?? '';
    for (const day of [2, 3, 4])
      await harness.module.get(RefreshShipmentUseCase).execute({ shipmentId, outboxId: null, reason: 'manual' }, dayOf(T0, day));

    const terminal = await harness.db.dataSource.query<Array<{ id: string }>>(`SELECT id FROM terminals WHERE firms_code = 'Y258'`);
    expect(await harness.containers(shipmentId)).toMatchObject([
      {
        pod_terminal_id: terminal[0]?.id ?? null,
        pod_discharged_at: dayOf(T0, 2),
        holds_at_pod_terminal: [],
        fees_at_pod_terminal: [],
        pickup_lfd_terminal: null,
        pickup_lfd: null,
        available_for_pickup: null,
        availability_known: false,
        terminal_checked_at: null,
        current_status: 'grounded',
      },
    ]);
    expect(await harness.eventNames(account)).toEqual([
      'tracking_request.succeeded',
      'container.created QNTU4000001',
      'container.transport.vessel_departed QNTU4000001',
      'container.transport.vessel_discharged QNTU4000001',
    ]);
  });
});
