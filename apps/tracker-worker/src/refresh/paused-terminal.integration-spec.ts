import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AdapterRegistry, RedisSourceQuota } from '@quayside/carriers';
import { ShipmentStateRepository, TrackingRepository } from '@quayside/data-access';
import { RecordingServer, testRedisPrefix } from '@quayside/testing';
import Redis from 'ioredis';
import { AT_PIER_400, PIER_400_CONTAINER } from '../test/pier-400-scenario';
import { ScenarioAdapters } from '../test/scenario-adapters';
import { TEST_REDIS_URL, TrackerTestHarness, dayOf } from '../test/tracker-test-harness';
import { TrackRequestUseCase } from '../tracking-requests/track-request.use-case';
import { ObservationService } from '../tracking-state/observation.service';
import { RefreshShipmentUseCase } from './refresh-shipment.use-case';

const T0 = new Date('2026-08-14T08:00:00.000Z');
/** The APM Terminals fixture the adapter's own tests serve (constructed, not APM's example: its fixtures/README.md). */
const IMPORT_AVAILABILITY = readFileSync(
  join(__dirname, '..', '..', '..', '..', 'libs', 'carriers', 'src', 'apmt', 'fixtures', 'import-availability.json'),
  'utf8',
);

/**
 * A terminal answering 429 with `Retry-After: 30` while a shipment discharges there: the refresh is
 * not failed nor put back — the carrier's news is applied, the terminal's last answer is kept with
 * the time it was given, and the paused terminal is not asked again (docs/terminal-data.md, "Limits").
 */
describe('a refresh that meets a paused terminal', () => {
  const redis = new Redis(TEST_REDIS_URL);
  const prefix = testRedisPrefix();
  let terminal: RecordingServer;
  let registry: AdapterRegistry;
  let harness: TrackerTestHarness;

  beforeAll(async () => {
    terminal = await RecordingServer.start((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end(IMPORT_AVAILABILITY);
    });
    registry = new AdapterRegistry(
      {
        carriers: [],
        terminals: [
          {
            firmsCode: 'W185',
            kind: 'apmt',
            experimental: true,
            facilityCode: 'USLAX',
            baseUrl: terminal.baseUrl,
            timeZone: 'America/Los_Angeles',
            requestsPerMinute: 60,
          },
        ],
        rail: [],
        sandbox: { clockCompression: 1 },
      },
      { quota: new RedisSourceQuota(redis, prefix) },
    );
    harness = await TrackerTestHarness.create(
      [ObservationService, ShipmentStateRepository, TrackingRepository, TrackRequestUseCase, RefreshShipmentUseCase],
      {},
      new ScenarioAdapters([AT_PIER_400], new Map([['W185', registry.terminalFor('W185')!]])),
    );
  });

  afterAll(async () => {
    await harness.close();
    await registry.close();
    await terminal.close();
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it("applies the carrier's news, keeps the terminal's last answer and its time, and leaves the terminal alone", async () => {
    const account = await harness.account();
    const { id, outboxId } = await harness.trackingRequest(account, AT_PIER_400.number, T0);
    await harness.module.get(TrackRequestUseCase).execute({ trackingRequestId: id, outboxId }, T0);
    const shipmentId = (await harness.request(id)).tracked_object_id ?? '';
    const [answered] = await harness.containers(shipmentId);
    expect(answered).toMatchObject({
      number: PIER_400_CONTAINER,
      location_at_pod_terminal: 'Y-4B-12-3',
      available_for_pickup: false,
      terminal_checked_at: T0,
    });
    expect(answered!.holds_at_pod_terminal).toContainEqual({ name: 'customs', status: 'hold', description: 'CBP hold' });
    expect(await harness.eventNames(account)).not.toContain(`container.transport.vessel_discharged ${PIER_400_CONTAINER}`);

    terminal.reset((_request, response) => {
      response.writeHead(429, { 'retry-after': '30', 'content-type': 'application/json' }).end('{}');
    });
    const refresh = (day: number) =>
      harness.module.get(RefreshShipmentUseCase).execute({ shipmentId, outboxId: null, reason: 'manual' }, dayOf(T0, day));

    // Day 2: the carrier reports the discharge; the terminal answers 429 (and is paused for every worker).
    expect(await refresh(2)).toMatchObject({ status: 'refreshed' });
    expect(await harness.eventNames(account)).toContain(`container.transport.vessel_discharged ${PIER_400_CONTAINER}`);
    const [kept] = await harness.containers(shipmentId);
    expect(kept).toMatchObject({
      location_at_pod_terminal: answered!.location_at_pod_terminal,
      available_for_pickup: answered!.available_for_pickup,
      holds_at_pod_terminal: answered!.holds_at_pod_terminal,
      pickup_lfd_terminal: answered!.pickup_lfd_terminal,
      terminal_checked_at: T0,
    });
    expect(terminal.requests).toHaveLength(1);

    // Day 3, still within the pause: the shipment is refreshed, the terminal is not asked.
    expect(await refresh(3)).toMatchObject({ status: 'refreshed' });
    expect(terminal.requests).toHaveLength(1);
    expect((await harness.containers(shipmentId))[0]).toMatchObject({ terminal_checked_at: T0, location_at_pod_terminal: 'Y-4B-12-3' });
  });
});
