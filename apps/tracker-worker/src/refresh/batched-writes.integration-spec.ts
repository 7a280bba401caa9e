import type { SandboxContainer, SandboxScenario } from '@quayside/carriers';
import { recordStatementsDuring, ShipmentStateRepository, TrackingRepository } from '@quayside/data-access';
import { ScenarioAdapters } from '../test/scenario-adapters';
import { TrackerTestHarness, dayOf } from '../test/tracker-test-harness';
import { TrackRequestUseCase } from '../tracking-requests/track-request.use-case';
import { ObservationService } from '../tracking-state/observation.service';
import { RefreshShipmentUseCase } from './refresh-shipment.use-case';

const T0 = new Date('2026-08-14T08:00:00.000Z');
const COUNT = 40;
const containers: SandboxContainer[] = Array.from({ length: COUNT }, (_unused, i) => ({
  number: `QBTU${String(3_000_000 + i)}`,
  isoSizeType: '45G1',
  equipment: { type: 'dry', length: 40, height: 'high_cube' },
  sealNumber: null,
  weightLbs: null,
}));
const BIG: SandboxScenario = {
  number: 'BATCH-BL-40',
  bookingNumber: null,
  plays: 'forty containers discharged and made available at once',
  places: {
    pol: { locode: 'CNSHA', name: 'Shanghai', timeZone: 'Asia/Shanghai' },
    pod: { locode: 'USLAX', name: 'Los Angeles', timeZone: 'America/Los_Angeles' },
  },
  vessel: { name: 'QUAYSIDE PIONEER', imo: '9312341', voyage: '012E' },
  podTerminalFirmsCode: 'TST1',
  railCarrierScac: null,
  containers,
  steps: [
    { day: -1, type: 'milestone', event: 'container.transport.vessel_departed', at: 'pol' },
    { day: 2, type: 'milestone', event: 'container.transport.vessel_discharged', at: 'pod' },
    { day: 2, type: 'availability', available: true },
  ],
};

describe('a bill of lading with many containers changing at once', () => {
  let harness: TrackerTestHarness;

  beforeAll(async () => {
    harness = await TrackerTestHarness.create(
      [ObservationService, ShipmentStateRepository, TrackingRepository, TrackRequestUseCase, RefreshShipmentUseCase],
      {},
      new ScenarioAdapters([BIG]),
    );
  });

  afterAll(async () => {
    jest.restoreAllMocks();
    await harness.close();
  });

  it('updates every container in one statement and stores every event', async () => {
    const account = await harness.account();
    const { id, outboxId } = await harness.trackingRequest(account, 'BATCH-BL-40', T0);
    await harness.module.get(TrackRequestUseCase).execute({ trackingRequestId: id, outboxId }, T0);
    const shipmentId = (await harness.request(id)).tracked_object_id ?? '';
    const before = (await harness.events(account)).length;
    expect(before).toBe(1 + COUNT * 2);

    const recorded = await recordStatementsDuring(harness.connection, () =>
      harness.module.get(RefreshShipmentUseCase).execute({ shipmentId, outboxId: null, reason: 'manual' }, dayOf(T0, 2)),
    );
    const result = recorded.result;
    // The update of the containers may be a part of a larger statement: one statement holds it.
    const updatingContainers = recorded.statements.filter((sql) => /\bUPDATE containers\b/.test(sql));

    expect(result).toMatchObject({ status: 'refreshed' });
    expect(updatingContainers).toHaveLength(1);
    expect(updatingContainers[0]?.match(/\bUPDATE containers\b/g)).toHaveLength(1);
    const events = await harness.events(account);
    // Per container: the discharge, the availability change and `available`.
    expect(events.length - before).toBe(COUNT * 3);
    expect((await harness.containers(shipmentId)).every((c) => c.available_for_pickup === true && c.current_status === 'available')).toBe(
      true,
    );
  });
});
