import { TrackingSourceRepository } from '@quayside/data-access';
import { createTestDatabase } from '@quayside/testing';
import type { TestDatabase } from '@quayside/testing';
import { sandboxOnlyRegistryConfig } from './adapter-registry-config';
import { ConfigTrackingAdapters } from './config-tracking-adapters';
import { SourceRegistrar } from './source-registrar';

/** What a tracker-worker tells the deployment it serves when it starts (docs/carriers.md, "What this server tracks"). */
describe('a tracker-worker registers the sources it serves as it starts', () => {
  let db: TestDatabase;
  let repository: TrackingSourceRepository;

  const start = async (config: ReturnType<typeof sandboxOnlyRegistryConfig>): Promise<void> => {
    const adapters = new ConfigTrackingAdapters(config);
    try {
      await new SourceRegistrar(adapters, repository).onModuleInit();
    } finally {
      await adapters.onApplicationShutdown();
    }
  };
  const served = async (): Promise<string[]> => (await repository.served()).map((s) => `${s.kind} ${s.code} ${s.adapter}`);

  beforeAll(async () => {
    db = await createTestDatabase();
    repository = new TrackingSourceRepository(db.dataSource);
  });

  afterAll(async () => {
    await db.drop();
  });

  it('serves the sandbox before any worker has started, as a worker with no configuration would', async () => {
    expect(await served()).toEqual(['carrier TEST sandbox', 'rail TSTR sandbox', 'terminal TST1 sandbox', 'terminal TST2 sandbox']);
  });

  it('makes the configuration of the newest start the deployment’s: added carriers served, dropped ones withdrawn', async () => {
    const sandbox = sandboxOnlyRegistryConfig(1);
    await start({
      ...sandbox,
      carriers: [
        { scac: 'maeu', kind: 'dcsa', baseUrl: 'http://127.0.0.1:9/tnt' },
        { scac: 'HLCU', kind: 'dcsa', version: '3.0', baseUrl: 'http://127.0.0.1:9/tnt' },
      ],
    });
    expect(await served()).toEqual([
      'carrier HLCU dcsa',
      'carrier MAEU dcsa',
      'rail TSTR sandbox',
      'terminal TST1 sandbox',
      'terminal TST2 sandbox',
    ]);
    const maersk = await repository.servedCarrier('MAEU');
    expect(maersk).toMatchObject({ requestTypes: ['bill_of_lading', 'booking_number', 'container'], sandbox: false, experimental: false });
    expect(await repository.servedCarrier('TEST')).toBeNull();

    await start(sandbox);
    expect(await repository.servedCarrier('MAEU')).toBeNull();
    expect(await repository.servedCarrier('TEST')).toMatchObject({ adapter: 'sandbox', sandbox: true });
  });

  it('registers the APM Terminals adapter as experimental', async () => {
    const sandbox = sandboxOnlyRegistryConfig(1);
    await start({
      ...sandbox,
      terminals: [
        ...sandbox.terminals,
        {
          firmsCode: 'W185',
          kind: 'apmt',
          experimental: true,
          facilityCode: 'USLAX',
          baseUrl: 'http://127.0.0.1:9',
          timeZone: 'America/Los_Angeles',
        },
      ],
    });
    const terminals = await repository.served('terminal');
    expect(terminals.find((t) => t.code === 'W185')).toMatchObject({ adapter: 'apmt', experimental: true, sandbox: false });
    expect(terminals.find((t) => t.code === 'TST1')).toMatchObject({ experimental: false, sandbox: true });
  });

  it('gives two workers starting at once one of their sets, never a mix', async () => {
    const sandbox = sandboxOnlyRegistryConfig(1);
    const maersk = { ...sandbox, carriers: [{ scac: 'MAEU', kind: 'dcsa' as const, baseUrl: 'http://127.0.0.1:9/tnt' }] };
    await Promise.all([start(sandbox), start(maersk)]);
    const carriers = (await repository.served('carrier')).map((s) => s.code);
    expect([['TEST'], ['MAEU']]).toContainEqual(carriers);
  });
});
