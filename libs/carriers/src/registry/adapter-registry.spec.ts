import type { Server } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AdapterRegistryConfig } from '../ports/adapter-config';
import { AdapterRegistry } from './adapter-registry';

const SANDBOX_ONLY: AdapterRegistryConfig = {
  carriers: [{ scac: 'TEST', kind: 'sandbox' }],
  terminals: [
    { firmsCode: 'TST1', kind: 'sandbox' },
    { firmsCode: 'TST2', kind: 'sandbox' },
  ],
  rail: [{ scac: 'TSTR', kind: 'sandbox' }],
  sandbox: { clockCompression: 86_400 },
};

const APMT_W185 = {
  firmsCode: 'W185',
  kind: 'apmt',
  experimental: true,
  facilityCode: 'USLAX',
  baseUrl: 'https://api.example',
  timeZone: 'America/Los_Angeles',
} as const;

describe('AdapterRegistry', () => {
  const registry = new AdapterRegistry(SANDBOX_ONLY);

  it.each([
    ['carrier TEST', () => registry.carrierFor('TEST'), true],
    ['carrier test (any case)', () => registry.carrierFor(' test '), true],
    ['carrier MAEU (not configured)', () => registry.carrierFor('MAEU'), false],
    ['terminal TST2', () => registry.terminalFor('TST2'), true],
    ['terminal Y258 (not configured)', () => registry.terminalFor('Y258'), false],
    ['rail TSTR', () => registry.railFor('TSTR'), true],
    ['rail BNSF (not configured)', () => registry.railFor('BNSF'), false],
  ])('%s → adapter present: %s', (_what, pick, present) => {
    expect(pick() !== null).toBe(present);
  });

  it('registers an APM Terminals facility by its FIRMS code, once it is accepted as experimental', async () => {
    const withApmt = new AdapterRegistry({
      ...SANDBOX_ONLY,
      terminals: [
        {
          firmsCode: 'w185',
          kind: 'apmt',
          experimental: true,
          facilityCode: 'USLAX',
          baseUrl: 'https://api.example',
          timeZone: 'America/Los_Angeles',
        },
      ],
    });
    expect(withApmt.terminalFor('W185')).not.toBeNull();
    await withApmt.close();
  });

  it('plays the sandbox through the registered adapters', async () => {
    const since = new Date('2026-08-14T00:00:00Z');
    const now = new Date(since.getTime() + 30_000);
    const tracked = await registry
      .carrierFor('TEST')!
      .track({ kind: 'bill_of_lading', number: 'TEST-TR-SUCCEEDED', scac: 'TEST', trackingSince: since, now });
    expect(tracked.outcome).toBe('found');
    const terminal = await registry
      .terminalFor('TST1')!
      .lookup({ firmsCode: 'TST1', containerNumbers: ['QSDU2001376'], trackingSince: since, now });
    expect(terminal.outcome === 'found' && terminal.containers[0]?.dischargedAt).toBe(new Date(since.getTime() + 10_000).toISOString());
  });

  it.each([
    [
      'a SCAC configured twice',
      {
        ...SANDBOX_ONLY,
        carriers: [
          { scac: 'TEST', kind: 'sandbox' },
          { scac: 'test', kind: 'sandbox' },
        ],
      },
      'carrier TEST is configured twice',
    ],
    [
      'a terminal configured twice',
      {
        ...SANDBOX_ONLY,
        terminals: [
          { firmsCode: 'TST1', kind: 'sandbox' },
          { firmsCode: 'TST1', kind: 'sandbox' },
        ],
      },
      'terminal TST1 is configured twice',
    ],
    [
      'a DCSA carrier without a usable base URL',
      { ...SANDBOX_ONLY, carriers: [{ scac: 'MAEU', kind: 'dcsa', baseUrl: 'not a url' }] },
      'carrier MAEU',
    ],
    [
      'a DCSA version it does not speak',
      { ...SANDBOX_ONLY, carriers: [{ scac: 'MAEU', kind: 'dcsa', version: '2.3', baseUrl: 'https://api.example/tnt' }] },
      'version must be "2.2" or "3.0"',
    ],
    [
      'an APM Terminals facility without a UN/LOCODE',
      {
        ...SANDBOX_ONLY,
        terminals: [
          {
            firmsCode: 'W185',
            kind: 'apmt',
            experimental: true,
            facilityCode: 'LAX',
            baseUrl: 'https://api.example',
            timeZone: 'America/Los_Angeles',
          },
        ],
      },
      'terminal W185: facilityCode',
    ],
    [
      'the experimental APM Terminals adapter without experimental: true',
      {
        ...SANDBOX_ONLY,
        terminals: [
          { firmsCode: 'W185', kind: 'apmt', facilityCode: 'USLAX', baseUrl: 'https://api.example', timeZone: 'America/Los_Angeles' },
        ],
      },
      'terminal W185: the APM Terminals adapter is experimental',
    ],
    [
      'a terminal kind it does not know',
      { ...SANDBOX_ONLY, terminals: [{ firmsCode: 'W185', kind: 'navis' }] },
      'terminal W185: unknown kind navis',
    ],
    ['a clock compression of zero', { ...SANDBOX_ONLY, sandbox: { clockCompression: 0 } }, 'clock compression'],
    [
      'a maxConcurrency of zero',
      { ...SANDBOX_ONLY, carriers: [{ scac: 'TEST', kind: 'sandbox', maxConcurrency: 0 }] },
      'carrier TEST: maxConcurrency must be a positive integer, got 0',
    ],
    [
      'a requestsPerMinute that is not a whole number',
      { ...SANDBOX_ONLY, carriers: [{ scac: 'TEST', kind: 'sandbox', requestsPerMinute: 1.5 }] },
      'carrier TEST: requestsPerMinute must be a positive integer, got 1.5',
    ],
    [
      'a requestsPerMinute without the shared quota store (it would hold per process only)',
      { ...SANDBOX_ONLY, carriers: [{ scac: 'TEST', kind: 'sandbox', requestsPerMinute: 60 }] },
      'carrier TEST: requestsPerMinute needs the shared quota store (Redis)',
    ],
    [
      "a terminal's maxConcurrency of zero",
      { ...SANDBOX_ONLY, terminals: [{ firmsCode: 'TST1', kind: 'sandbox', maxConcurrency: 0 }] },
      'terminal TST1: maxConcurrency must be a positive integer, got 0',
    ],
    [
      "an APM Terminals facility's requestsPerMinute that is not a whole number",
      {
        ...SANDBOX_ONLY,
        terminals: [{ ...APMT_W185, requestsPerMinute: 0.5 }],
      },
      'terminal W185: requestsPerMinute must be a positive integer, got 0.5',
    ],
    [
      "a terminal's requestsPerMinute without the shared quota store",
      { ...SANDBOX_ONLY, terminals: [{ firmsCode: 'TST1', kind: 'sandbox', requestsPerMinute: 30 }] },
      'terminal TST1: requestsPerMinute needs the shared quota store (Redis)',
    ],
    [
      "a rail carrier's maxConcurrency that is not a whole number",
      { ...SANDBOX_ONLY, rail: [{ scac: 'TSTR', kind: 'sandbox', maxConcurrency: 2.5 }] },
      'rail carrier TSTR: maxConcurrency must be a positive integer, got 2.5',
    ],
    [
      "a rail carrier's requestsPerMinute without the shared quota store",
      { ...SANDBOX_ONLY, rail: [{ scac: 'TSTR', kind: 'sandbox', requestsPerMinute: 30 }] },
      'rail carrier TSTR: requestsPerMinute needs the shared quota store (Redis)',
    ],
  ] as const)('refuses %s at start-up', (_what, config, message) => {
    expect(() => new AdapterRegistry(config as AdapterRegistryConfig)).toThrow(message);
  });

  describe('per-carrier limits', () => {
    let server: Server;
    let inFlight = 0;
    let peak = 0;
    let registryWithDcsa: AdapterRegistry;

    beforeAll(async () => {
      server = createServer((_req, res) => {
        inFlight += 1;
        peak = Math.max(peak, inFlight);
        setTimeout(() => {
          inFlight -= 1;
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end('[]');
        }, 30);
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      registryWithDcsa = new AdapterRegistry({ ...SANDBOX_ONLY, carriers: [{ scac: 'DCSA', kind: 'dcsa', baseUrl, maxConcurrency: 2 }] });
    });

    afterAll(async () => {
      await registryWithDcsa.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });

    it('never has more calls in flight at one carrier than its maxConcurrency', async () => {
      const carrier = registryWithDcsa.carrierFor('DCSA')!;
      const now = new Date();
      const results = await Promise.all(
        Array.from({ length: 6 }, (_v, i) =>
          carrier.track({ kind: 'container', number: `APZU481209${i}`, scac: 'DCSA', trackingSince: now, now }),
        ),
      );
      expect(results.map((r) => r.outcome)).toEqual(Array(6).fill('not_found'));
      expect(peak).toBe(2);
    });
  });
});
