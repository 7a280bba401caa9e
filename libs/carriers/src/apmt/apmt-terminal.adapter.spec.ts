import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { normalizeTerminalReport } from '@quayside/domain';
import type { ApmtTerminalConfig } from '../ports/adapter-config';
import type { TerminalContainerStatus, TerminalLookupResult } from '../ports/terminal-adapter.port';
import { ScriptedSource, sendJson } from '../__tests__/scripted-source';
import { ApmtTerminalAdapter } from './apmt-terminal.adapter';

/** An APM Terminals facility on 127.0.0.1 serving the example messages; it records every request. */

const NOW = new Date('2024-03-06T18:00:00Z');
const fixture = (name: string): string => readFileSync(join(__dirname, 'fixtures', `${name}.json`), 'utf8');

const source = ScriptedSource.forTests((_req, res) => sendJson(res, 200, fixture('import-availability')));

function adapter(config: Partial<ApmtTerminalConfig> = {}): ApmtTerminalAdapter {
  const created = new ApmtTerminalAdapter({
    firmsCode: 'W185',
    kind: 'apmt',
    facilityCode: 'USLAX',
    baseUrl: source.baseUrl,
    timeZone: 'America/Los_Angeles',
    auth: { type: 'api_key', header: 'Consumer-Key', key: 'k' },
    ...config,
  });
  return source.keep(created);
}

const lookup = (a: ApmtTerminalAdapter, numbers: string[]): Promise<TerminalLookupResult> =>
  a.lookup({ firmsCode: 'W185', containerNumbers: numbers, trackingSince: NOW, now: NOW });

function found(result: TerminalLookupResult): Map<string, TerminalContainerStatus> {
  if (result.outcome !== 'found') throw new Error(`expected found, got ${JSON.stringify(result)}`);
  return new Map(result.containers.map((c) => [c.containerNumber, c]));
}

describe('ApmtTerminalAdapter', () => {
  it('asks the facility for the containers with its credentials', async () => {
    await lookup(adapter(), ['WFHU5080179', 'eghu9044403 ', 'WFHU5080179', 'not a number']);
    expect(source.requests).toHaveLength(1);
    expect(source.requests[0]).toMatchObject({ method: 'GET', path: '/import-availability' });
    expect(source.requests[0]?.query.get('assetId')).toBe('WFHU5080179,EGHU9044403');
    expect(source.requests[0]?.query.get('facilityCode')).toBe('USLAX');
    expect(source.requests[0]?.headers['consumer-key']).toBe('k');
  });

  it('hands over the example message in the terminal’s own words', async () => {
    const byNumber = found(await lookup(adapter(), ['WFHU5080179', 'EGHU9044403', 'TRLU7641472']));
    expect(byNumber.get('WFHU5080179')).toEqual({
      containerNumber: 'WFHU5080179',
      availableForPickup: false,
      reportedHolds: [
        { name: 'CUSTOMS', status: 'HOLD', description: 'CBP hold' },
        { name: 'FREIGHT', status: 'RELEASED', description: 'Line release received' },
        { name: 'CTF', status: 'HOLD', description: 'Clean Truck Fund fee unpaid' },
      ],
      reportedFees: [{ code: 'Demurrage Owed', amount: '0.00', currency: 'USD' }],
      // 2024-03-08 is the last free day: midnight in Los Angeles (PST, UTC-8).
      pickupLfdTerminal: '2024-03-08T08:00:00.000Z',
      pickupAppointmentAt: null,
      locationAtPodTerminal: 'Y-4B-12-3',
      fullOutAt: null,
      dischargedAt: '2024-03-04T18:12:00.000Z',
      timezone: 'America/Los_Angeles',
      checkedAt: NOW.toISOString(),
    });
    expect(byNumber.get('EGHU9044403')).toMatchObject({
      availableForPickup: true,
      reportedHolds: [],
      pickupAppointmentAt: '2024-03-09T15:00:00.000Z',
    });
  });

  it('normalizes to the documented holds and fees, keeping an unknown hold visible', async () => {
    const byNumber = found(await lookup(adapter(), ['WFHU5080179', 'EGHU9044403', 'TRLU7641472']));
    const report = (n: string): ReturnType<typeof normalizeTerminalReport> => {
      const status = byNumber.get(n);
      if (status === undefined) throw new Error(`${n} missing`);
      return normalizeTerminalReport(status.reportedHolds, status.reportedFees);
    };
    expect(report('WFHU5080179')).toEqual({
      holds: [
        { name: 'customs', status: 'hold', description: 'CBP hold' },
        { name: 'other', status: 'hold', description: 'CTF: Clean Truck Fund fee unpaid' },
      ],
      fees: [],
      unrecognized: [],
    });
    expect(report('EGHU9044403')).toEqual({ holds: [], fees: [{ type: 'demurrage', amount: 425.5, currency: 'USD' }], unrecognized: [] });
    expect(report('TRLU7641472')).toEqual({
      holds: [
        { name: 'customs', status: 'hold', description: 'Contraband enforcement team exam' },
        { name: 'USDA', status: 'pending', description: null },
        { name: 'other', status: 'hold', description: 'PORT ZZ7: Harbor department document check' },
      ],
      fees: [],
      unrecognized: ['hold:PORT ZZ7'],
    });
  });

  it('reads a single-object answer (a gated-out container)', async () => {
    source.answer = (_req, res) => sendJson(res, 200, fixture('import-availability-gated-out'));
    const status = found(await lookup(adapter(), ['HMCU9188157'])).get('HMCU9188157');
    expect(status).toMatchObject({ fullOutAt: '2024-03-04T21:22:10.000Z', locationAtPodTerminal: null, availableForPickup: false });
  });

  it('leaves out containers it was not asked about (the API also matches bills of lading)', async () => {
    expect([...found(await lookup(adapter(), ['WFHU5080179'])).keys()]).toEqual(['WFHU5080179']);
  });

  it('answers found with no containers when the facility knows none of them', async () => {
    source.answer = (_req, res) => sendJson(res, 404, fixture('api-error'));
    expect(await lookup(adapter(), ['WFHU5080179'])).toEqual({ outcome: 'found', containers: [] });
  });

  it('asks in batches of 50', async () => {
    source.answer = (_req, res) => sendJson(res, 200, '[]');
    const numbers = Array.from({ length: 51 }, (_, i) => `MRKU${String(i).padStart(7, '0')}`);
    await lookup(adapter(), numbers);
    expect(source.requests.map((r) => r.query.get('assetId')?.split(',').length)).toEqual([50, 1]);
  });

  it.each([
    ['a malformed message', 200, fixture('import-availability-malformed'), 'unrecognized_response', 'unrecognized_answer'],
    ['a body that is not JSON', 200, '<html>maintenance</html>', 'unrecognized_response', 'unrecognized_answer'],
    [
      'a date without its offset',
      200,
      JSON.stringify({ containerId: 'WFHU5080179', dischargeDateTimeLocal: '2024-03-04T10:12:00' }),
      'unrecognized_response',
      'unrecognized_answer',
    ],
    ['a server error', 503, '{}', 'shipping_line_unreachable', 'unreachable'],
    ['a spent quota', 429, '{}', 'shipping_line_unreachable', 'quota'],
    ['refused credentials', 403, '{}', 'internal_processing_error', 'auth_refused'],
    ['a bad request', 400, '{"errors":[{"message":"facilityCode invalid"}]}', 'unrecognized_response', 'unrecognized_answer'],
  ])('%s ends as a transient %s (%s in the source health), never a crash', async (_what, status, body, reason, errorClass) => {
    source.answer = (_req, res) => sendJson(res, status, body);
    expect(await lookup(adapter(), ['WFHU5080179'])).toMatchObject({ outcome: 'transient_failure', reason, errorClass });
  });

  it('fetches an OAuth2 token and sends it as a bearer token', async () => {
    source.answer = (req, res) => {
      if (req.path === '/oauth/token')
        return sendJson(res, 200, JSON.stringify({ access_token: 'tok', token_type: 'Bearer', expires_in: 1799 }));
      return sendJson(res, 200, fixture('import-availability'));
    };
    const oauth = adapter({ auth: { type: 'oauth2', tokenUrl: `${source.baseUrl}/oauth/token`, clientId: 'id', clientSecret: 'secret' } });
    expect(found(await lookup(oauth, ['WFHU5080179'])).size).toBe(1);
    expect(source.requests.find((r) => r.path === '/import-availability')?.headers.authorization).toBe('Bearer tok');
  });

  it('refuses a configuration it cannot use', () => {
    expect(() => adapter({ facilityCode: 'LAX' })).toThrow('facilityCode');
    expect(() => adapter({ timeZone: 'Mars/Olympus' })).toThrow('timeZone');
    expect(() => adapter({ baseUrl: 'ftp://x' })).toThrow('baseUrl');
  });
});
