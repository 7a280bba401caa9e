import { readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { join } from 'node:path';
import { RecordingServer } from '@quayside/testing';
import type { AdapterRegistryConfig, ApmtTerminalConfig } from '../ports/adapter-config';
import { SourceBackoffError } from '../quota/source-backoff.error';
import type { AdapterRegistry } from './adapter-registry';
import { TwoWorkers } from './__tests__/two-workers';

/** The APM Terminals fixtures the adapter's own tests serve (constructed, not APM's examples: fixtures/README.md). */
const IMPORT_AVAILABILITY = readFileSync(join(__dirname, '..', 'apmt', 'fixtures', 'import-availability.json'), 'utf8');
const ASKED = ['WFHU5080179', 'EGHU9044403'];

/** Facilities by their UN/LOCODE, so one server plays three terminals. */
const CONCURRENT = 'USLAX';
const RATED = 'USNWK';
const REFUSING = 'USMOB';

const apmt = (firmsCode: string, facilityCode: string, baseUrl: string, limits: Partial<ApmtTerminalConfig>): ApmtTerminalConfig => ({
  firmsCode,
  kind: 'apmt',
  experimental: true,
  facilityCode,
  baseUrl,
  timeZone: 'America/Los_Angeles',
  ...limits,
});

describe('AdapterRegistry with the shared quota (Redis): terminal and rail limits hold across two workers', () => {
  const workers = new TwoWorkers();
  let server: RecordingServer;
  let registries: AdapterRegistry[];
  // Answers of the "concurrent" facility are held until two are in flight, so the peak is reached, then let go together.
  const held: ServerResponse[] = [];
  let peak = 0;

  beforeAll(async () => {
    server = await RecordingServer.start((request, response) => {
      const facility = request.query.get('facilityCode');
      if (facility === REFUSING) {
        response.writeHead(429, { 'retry-after': '30', 'content-type': 'application/json' });
        response.end('{}');
        return;
      }
      const answer = (res: ServerResponse) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(IMPORT_AVAILABILITY);
      };
      if (facility !== CONCURRENT) return answer(response);
      held.push(response);
      peak = Math.max(peak, held.length);
      if (held.length >= 2) for (const res of held.splice(0)) answer(res);
    });
    const config: AdapterRegistryConfig = {
      carriers: [],
      terminals: [
        apmt('W185', CONCURRENT, server.baseUrl, { maxConcurrency: 2 }),
        apmt('M173', RATED, server.baseUrl, { requestsPerMinute: 3 }),
        apmt('Y124', REFUSING, server.baseUrl, { requestsPerMinute: 60, maxConcurrency: 2 }),
      ],
      rail: [{ scac: 'TSTR', kind: 'sandbox', requestsPerMinute: 2 }],
      sandbox: { clockCompression: 1 },
    };
    registries = workers.start(config);
  });

  afterAll(async () => {
    await workers.close();
    await server.close();
  });

  const lookup = (worker: number, firmsCode: string) => {
    const now = new Date();
    return registries[worker]!.terminalFor(firmsCode)!
      .lookup({ firmsCode, containerNumbers: ASKED, trackingSince: now, now })
      .catch((error: unknown) => error);
  };
  const requestsTo = (facility: string) => server.requests.filter((r) => r.query.get('facilityCode') === facility);
  const usageOf = async (kind: string, code: string) =>
    (await registries[1]!.quotaUsage()).find((r) => r.source.kind === kind && r.source.code === code)!.usage;

  it('never has more requests in flight at a terminal than its maxConcurrency, whichever worker sends them', async () => {
    const results = await Promise.all(Array.from({ length: 6 }, (_v, i) => lookup(i % 2, 'W185')));
    for (const result of results) {
      expect(result).toMatchObject({ outcome: 'found' });
      expect((result as { containers: Array<{ containerNumber: string }> }).containers.map((c) => c.containerNumber).sort()).toEqual(
        [...ASKED].sort(),
      );
    }
    expect(requestsTo(CONCURRENT)).toHaveLength(6);
    expect(peak).toBe(2);
    expect(await usageOf('terminal', 'W185')).toMatchObject({ inFlight: 0, maxConcurrency: 2, requestsPerWindow: null });
  });

  it('starts no more requests at a terminal in a minute than its requestsPerMinute, both workers together, and puts the next one back', async () => {
    const passed = [await lookup(0, 'M173'), await lookup(1, 'M173'), await lookup(0, 'M173')];
    for (const result of passed) expect(result).toMatchObject({ outcome: 'found' });
    const refused = await lookup(1, 'M173');
    expect(refused).toBeInstanceOf(SourceBackoffError);
    expect((refused as SourceBackoffError).reason).toBe('quota');
    expect((refused as SourceBackoffError).source).toEqual({ kind: 'terminal', code: 'M173' });
    expect(requestsTo(RATED)).toHaveLength(3);
    expect(await usageOf('terminal', 'M173')).toMatchObject({ requestsInWindow: 3, requestsPerWindow: 3, inFlight: 0 });
  });

  it('pauses a terminal answering 429 for its Retry-After in every worker, without asking it again', async () => {
    const before = Date.now();
    const first = await lookup(0, 'Y124');
    expect(first).toBeInstanceOf(SourceBackoffError);
    expect((first as SourceBackoffError).answeredWith).toBe('quota');
    expect((first as SourceBackoffError).retryAt.getTime()).toBeGreaterThanOrEqual(before + 29_000);
    const second = await lookup(1, 'Y124');
    expect(second).toBeInstanceOf(SourceBackoffError);
    expect((second as SourceBackoffError).reason).toBe('paused');
    expect((second as SourceBackoffError).answeredWith).toBeNull();
    expect(requestsTo(REFUSING)).toHaveLength(1);
    const usage = await usageOf('terminal', 'Y124');
    expect(usage).toMatchObject({ requestsInWindow: 1, requestsPerWindow: 60, inFlight: 0, maxConcurrency: 2 });
    expect(usage.pausedForMs).toBeGreaterThan(20_000);
  });

  it("holds a rail carrier's requestsPerMinute across both workers", async () => {
    const since = new Date('2026-08-14T00:00:00Z');
    const railLookup = (worker: number) =>
      registries[worker]!.railFor('TSTR')!
        .lookup({ railScac: 'TSTR', containerNumbers: ['QSDU2001376'], trackingSince: since, now: new Date(since.getTime() + 30_000) })
        .catch((error: unknown) => error);
    expect(await railLookup(0)).toMatchObject({ outcome: 'found' });
    expect(await railLookup(1)).toMatchObject({ outcome: 'found' });
    const refused = await railLookup(0);
    expect(refused).toBeInstanceOf(SourceBackoffError);
    expect((refused as SourceBackoffError).source).toEqual({ kind: 'rail', code: 'TSTR' });
    expect(await usageOf('rail', 'TSTR')).toMatchObject({ requestsInWindow: 2, requestsPerWindow: 2 });
  });
});
