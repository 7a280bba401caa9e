import { RecordingServer } from '@quayside/testing';
import type { AdapterRegistryConfig } from '../ports/adapter-config';
import { SourceBackoffError } from '../quota/source-backoff.error';
import type { AdapterRegistry } from './adapter-registry';
import { TwoWorkers } from './__tests__/two-workers';

describe('AdapterRegistry with the shared quota (Redis): a DCSA carrier answering 429', () => {
  const workers = new TwoWorkers();
  let server: RecordingServer;
  let registries: AdapterRegistry[];

  beforeAll(async () => {
    server = await RecordingServer.start((_request, response) => {
      response.writeHead(429, { 'retry-after': '30', 'content-type': 'application/json' });
      response.end('{}');
    });
    const config: AdapterRegistryConfig = {
      carriers: [{ scac: 'DCSA', kind: 'dcsa', baseUrl: server.baseUrl, requestsPerMinute: 60, maxConcurrency: 2 }],
      terminals: [],
      rail: [],
      sandbox: { clockCompression: 1 },
    };
    registries = workers.start(config);
  });

  afterAll(async () => {
    await workers.close();
    await server.close();
  });

  const track = (registry: AdapterRegistry) => {
    const now = new Date();
    return registry
      .carrierFor('DCSA')!
      .track({ kind: 'bill_of_lading', number: 'HHL71800000', scac: 'DCSA', trackingSince: now, now })
      .catch((error: unknown) => error);
  };

  it('pauses the carrier for the Retry-After in every worker, without asking it again', async () => {
    const before = Date.now();
    const first = await track(registries[0]!);
    expect(first).toBeInstanceOf(SourceBackoffError);
    expect((first as SourceBackoffError).retryAt.getTime()).toBeGreaterThanOrEqual(before + 29_000);
    const second = await track(registries[1]!);
    expect(second).toBeInstanceOf(SourceBackoffError);
    expect((second as SourceBackoffError).reason).toBe('paused');
    expect(server.requests).toHaveLength(1);
    const [reading] = await registries[1]!.quotaUsage();
    expect(reading!.source).toEqual({ kind: 'carrier', code: 'DCSA' });
    expect(reading!.usage).toMatchObject({ requestsInWindow: 1, requestsPerWindow: 60, inFlight: 0, maxConcurrency: 2 });
    expect(reading!.usage.pausedForMs).toBeGreaterThan(20_000);
  });
});
