import type { Server, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CarrierAdapter, RailAdapter, TerminalAdapter } from '@quayside/carriers';
import { ApmtTerminalAdapter, SANDBOX_SCAC, SandboxCarrierAdapter } from '@quayside/carriers';
import { ShipmentStateRepository, TrackingRepository } from '@quayside/data-access';
import type { TrackingSource } from '@quayside/domain';
import { TimeScale } from '../adapters/time-scale';
import { TrackingAdapters } from '../adapters/tracking-adapters';
import { AT_PIER_400, PIER_400_CONTAINER } from '../test/pier-400-scenario';
import { TrackerTestHarness, dayOf } from '../test/tracker-test-harness';
import { TrackRequestUseCase } from '../tracking-requests/track-request.use-case';
import { ObservationService } from '../tracking-state/observation.service';
import { RefreshShipmentUseCase } from './refresh-shipment.use-case';

const T0 = new Date('2026-08-14T08:00:00.000Z');
const NUMBER = PIER_400_CONTAINER;

/** Import Availability messages in the terminal's words, as the facility would answer on two days. */
const DAY_2 = {
  containerId: NUMBER,
  containerStatus: 'Yard',
  isReadyForDelivery: 'false',
  dischargeDateTimeLocal: '2026-08-16T01:00:00-07:00',
  yardLocation: 'Y-4B-12-3',
  containerHolds: [
    { holdType: 'CUSTOMS', holdStatus: 'HOLD', holdDescription: 'CBP hold' },
    { holdType: 'LINE', holdStatus: 'HOLD', holdDescription: null },
    { holdType: 'CTF', holdStatus: 'HOLD', holdDescription: 'Clean Truck Fund fee unpaid' },
  ],
  storagePaidThroughDate: '2026-08-20',
  demurrageOwed: '0.00',
};
const DAY_3 = {
  ...DAY_2,
  containerHolds: [
    { holdType: 'CUSTOMS', holdStatus: 'RELEASED', holdDescription: 'CBP hold' },
    { holdType: 'LINE', holdStatus: 'RELEASED', holdDescription: null },
    { holdType: 'HBR-DOC', holdStatus: 'HOLD', holdDescription: 'Harbor department document check' },
  ],
  demurrageOwed: '125.00',
};

class ApmtAdapters extends TrackingAdapters {
  constructor(
    private readonly line: CarrierAdapter,
    private readonly pier400: TerminalAdapter,
  ) {
    super();
  }
  carrier(scac: string): CarrierAdapter | null {
    return scac === SANDBOX_SCAC ? this.line : null;
  }
  terminal(firmsCode: string): TerminalAdapter | null {
    return firmsCode === 'W185' ? this.pier400 : null;
  }
  rail(): RailAdapter | null {
    return null;
  }
  timeScale(): TimeScale {
    return TimeScale.REAL;
  }
  sources(): readonly TrackingSource[] {
    return [];
  }
}

describe('terminal data in the terminal’s own words, end to end', () => {
  let harness: TrackerTestHarness;
  let server: Server;
  let terminal: ApmtTerminalAdapter;
  let answer: unknown[] = [];

  beforeAll(async () => {
    server = createServer((req, res: ServerResponse) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(answer));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    terminal = new ApmtTerminalAdapter({
      firmsCode: 'W185',
      kind: 'apmt',
      facilityCode: 'USLAX',
      baseUrl,
      timeZone: 'America/Los_Angeles',
    });
    const line = new SandboxCarrierAdapter({ clockCompression: 1, scenarios: [AT_PIER_400] });
    harness = await TrackerTestHarness.create(
      [ObservationService, ShipmentStateRepository, TrackingRepository, TrackRequestUseCase, RefreshShipmentUseCase],
      {},
      new ApmtAdapters(line, terminal),
    );
  });

  afterAll(async () => {
    await harness.close();
    await terminal.close();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('normalizes holds and fees onto the container and into container.updated, keeping an unknown hold visible', async () => {
    const account = await harness.account();
    const { id, outboxId } = await harness.trackingRequest(account, 'TEST-TR-APMT', T0);
    answer = [];
    await harness.module.get(TrackRequestUseCase).execute({ trackingRequestId: id, outboxId }, T0);
    const shipmentId = (await harness.request(id)).tracked_object_id ?? '';
    const refresh = (day: number): Promise<unknown> =>
      harness.module.get(RefreshShipmentUseCase).execute({ shipmentId, outboxId: null, reason: 'manual' }, dayOf(T0, day));

    answer = [DAY_2];
    await refresh(2);
    const customs = { name: 'customs', status: 'hold', description: 'CBP hold' };
    const freight = { name: 'freight', status: 'hold', description: null };
    const ctf = { name: 'other', status: 'hold', description: 'CTF: Clean Truck Fund fee unpaid' };
    expect(await harness.containers(shipmentId)).toMatchObject([
      {
        holds_at_pod_terminal: [freight, customs, ctf],
        fees_at_pod_terminal: [],
        available_for_pickup: false,
        location_at_pod_terminal: 'Y-4B-12-3',
        pickup_lfd_terminal: new Date('2026-08-20T07:00:00.000Z'),
      },
    ]);

    answer = [DAY_3];
    await refresh(3);
    const unknown = { name: 'other', status: 'hold', description: 'HBR-DOC: Harbor department document check' };
    const demurrage = { type: 'demurrage', amount: 125, currency: 'USD' };
    expect(await harness.containers(shipmentId)).toMatchObject([{ holds_at_pod_terminal: [unknown], fees_at_pod_terminal: [demurrage] }]);

    const changesets = (await harness.events(account)).filter((e) => e.name === 'container.updated').map((e) => e.payload['changeset']);
    expect(changesets.at(-1)).toMatchObject({
      holds_at_pod_terminal: [[freight, customs, ctf], [unknown]],
      fees_at_pod_terminal: [[], [demurrage]],
    });
  });
});
