import { readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { join } from 'node:path';
import { RecordingServer } from '@quayside/testing';
import type { RecordedRequest } from '@quayside/testing';
import { DatalasticVesselPositionSource } from './datalastic-vessel-position.source';
import { FirstCoveringVesselPositionSource } from './first-covering-vessel-position.source';
import type { VesselPosition, VesselPositionQuery, VesselPositionSource } from './vessel-position-source.port';

/** Datalastic's documented example answer of `GET /api/v0/vessel_history` (three positions, newest first). */
const EXAMPLE = readFileSync(join(__dirname, 'fixtures', 'datalastic-vessel-history.json'), 'utf8');
const KEY = 'test-key-0123456789';

let far: RecordingServer;
let baseUrl: string;
let requests: RecordedRequest[];
let answer: (res: ServerResponse) => void;
const sources: DatalasticVesselPositionSource[] = [];

beforeAll(async () => {
  far = await RecordingServer.start((_request, response) => answer(response));
  baseUrl = far.baseUrl;
});

afterAll(async () => {
  await Promise.all(sources.map((s) => s.close()));
  await far.close();
});

beforeEach(() => {
  far.requests.length = 0;
  requests = far.requests;
  answer = (res) => res.writeHead(200, { 'content-type': 'application/json' }).end(EXAMPLE);
});

function source(failures: string[] = [], timeoutMs = 5_000): DatalasticVesselPositionSource {
  const created = new DatalasticVesselPositionSource({ baseUrl, apiKey: KEY, timeoutMs }, { onFailure: (detail) => failures.push(detail) });
  sources.push(created);
  return created;
}

const query = (from: string, to: string, imo = '9595539'): VesselPositionQuery => ({
  imo,
  from: new Date(from),
  to: new Date(to),
  leg: null,
});

describe('Datalastic vessel positions', () => {
  it('asks the documented history endpoint by IMO and whole days, and answers the positions oldest first', async () => {
    const positions = await source().positions(query('2024-08-29T00:00:00Z', '2024-08-30T00:00:00Z'));
    expect(requests).toHaveLength(1);
    expect(requests[0]!.path).toBe('/api/v0/vessel_history');
    expect(Object.fromEntries(requests[0]!.query)).toEqual({ 'api-key': KEY, imo: '9595539', from: '2024-08-29', to: '2024-08-30' });
    expect(positions).toEqual<VesselPosition[]>([
      { latitude: 34.5604, longitude: 134.15906666666666, heading: 96, speedKnots: 0, timestamp: new Date('2024-08-29T22:05:02Z') },
      {
        latitude: 34.56061666666667,
        longitude: 134.15908333333334,
        heading: 104,
        speedKnots: 0.1,
        timestamp: new Date('2024-08-29T22:32:03Z'),
      },
      {
        latitude: 34.560583333333334,
        longitude: 134.15901666666667,
        heading: 101,
        speedKnots: 0.1,
        timestamp: new Date('2024-08-29T22:59:05Z'),
      },
    ]);
  });

  it('keeps only the positions inside the asked window', async () => {
    const positions = await source().positions(query('2024-08-29T22:30:00Z', '2024-08-29T22:45:00Z'));
    expect(positions.map((p) => p.timestamp.toISOString())).toEqual(['2024-08-29T22:32:03.000Z']);
  });

  it('reads AIS "not available" heading and speed as unknown, and skips entries without a place or a time', async () => {
    const body = JSON.parse(EXAMPLE) as { data: { positions: Record<string, unknown>[] } };
    body.data.positions = [
      { ...body.data.positions[0], heading: 511, speed: 102.3 },
      { ...body.data.positions[1], lat: null },
      { ...body.data.positions[2], last_position_UTC: null, last_position_epoch: null },
    ];
    answer = (res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    const positions = await source().positions(query('2024-08-29T00:00:00Z', '2024-08-30T00:00:00Z'));
    expect(positions).toEqual([
      {
        latitude: 34.560583333333334,
        longitude: 134.15901666666667,
        heading: null,
        speedKnots: null,
        timestamp: new Date('2024-08-29T22:59:05Z'),
      },
    ]);
  });

  it.each<[string, (res: ServerResponse) => void]>([
    ['a refused key', (res) => res.writeHead(401).end('{"meta":{"success":false}}')],
    ['a provider error', (res) => res.writeHead(503).end('busy')],
    ['an answer that is not JSON', (res) => res.writeHead(200).end('<html>')],
    [
      'an unsuccessful answer',
      (res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":{},"meta":{"success":false}}'),
    ],
    [
      'an answer without positions',
      (res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":{"imo":"9595539"},"meta":{"success":true}}'),
    ],
  ])('answers no positions for %s, tells why, and never repeats the key', async (_label, respond) => {
    answer = respond;
    const failures: string[] = [];
    expect(await source(failures).positions(query('2024-08-29T00:00:00Z', '2024-08-30T00:00:00Z'))).toEqual([]);
    expect(failures).toHaveLength(1);
    expect(failures[0]).toContain('9595539');
    expect(failures[0]).not.toContain(KEY);
  });

  it('answers no positions when the provider does not answer in time', async () => {
    answer = () => undefined;
    const failures: string[] = [];
    expect(await source(failures, 200).positions(query('2024-08-29T00:00:00Z', '2024-08-30T00:00:00Z'))).toEqual([]);
    expect(failures[0]).toContain('unreachable');
  });

  it('asks nothing for what is not an IMO number, or an empty window', async () => {
    const datalastic = source();
    expect(datalastic.covers('9595539')).toBe(true);
    expect(datalastic.covers('959553')).toBe(false);
    expect(await datalastic.positions(query('2024-08-29T00:00:00Z', '2024-08-30T00:00:00Z', 'ABC1234'))).toEqual([]);
    expect(await datalastic.positions(query('2024-08-30T00:00:00Z', '2024-08-29T00:00:00Z'))).toEqual([]);
    expect(requests).toEqual([]);
  });

  it('is only asked about the vessels no earlier source covers', async () => {
    const asked: string[] = [];
    const fake = (name: string, imos: string[]): VesselPositionSource => ({
      name,
      covers: (imo) => imos.includes(imo),
      positions: (q) => {
        asked.push(`${name}:${q.imo}`);
        return Promise.resolve([]);
      },
    });
    const composite = new FirstCoveringVesselPositionSource([fake('sandbox', ['9312341']), fake('datalastic', ['9312341', '9595539'])]);
    await composite.positions(query('2024-08-29T00:00:00Z', '2024-08-30T00:00:00Z', '9312341'));
    await composite.positions(query('2024-08-29T00:00:00Z', '2024-08-30T00:00:00Z', '9595539'));
    expect(await composite.positions(query('2024-08-29T00:00:00Z', '2024-08-30T00:00:00Z', '1111111'))).toEqual([]);
    expect(asked).toEqual(['sandbox:9312341', 'datalastic:9595539']);
    expect(composite.name).toBe('sandbox+datalastic');
  });
});
