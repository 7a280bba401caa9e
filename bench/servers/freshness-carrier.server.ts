/**
 * One shipping line of the freshness scenario (bench/README.md, "Freshness at scale") on
 * 127.0.0.1: it publishes DCSA Track & Trace 2.2 (`GET /v2/events`) or 3.0 (`GET /events`) for
 * its share of the seeded bills of lading (`BNCH<ordinal>` with ordinal ≡ index mod count), each
 * answer after 200–800 ms, and its arrival estimates move while the bench runs: a polled line
 * moves some at random; a pushing (3.0) line moves them and pushes each new version to the api's
 * `POST /dcsa/v3/carriers/{scac}/events` at once. Every request it answers, every change and every
 * push is appended to its log (JSON lines): the bench reads latencies, quotas and spending from the
 * carrier's own records, not from Quayside's.
 *
 *   node -r @swc-node/register bench/servers/freshness-carrier.server.ts <port> '<settings JSON>'
 */
import { createWriteStream } from 'node:fs';
import { createServer } from 'node:http';
import { CONTAINERS_PER_SHIPMENT, containerNumber } from '../database/bench-ids';
import type { FreshnessCarrierSettings } from '../freshness/freshness-carrier-settings';
import { billOfLading, estimate30, estimatedArrival, events30, seededEstimate } from '../freshness/freshness-dcsa30';
import type { EstimateVersion } from '../freshness/freshness-dcsa30';

const port = Number(process.argv[2]);
const settings = JSON.parse(process.argv[3] ?? '{}') as FreshnessCarrierSettings;
if (!Number.isInteger(port) || port <= 0 || typeof settings.scac !== 'string') {
  console.error("usage: freshness-carrier.server.ts <port> '<settings JSON>'");
  process.exit(2);
}

const DAY = 86_400_000;
const log = createWriteStream(settings.logFile, { flags: 'a' });
const iso = (epochMs: number): string => new Date(epochMs).toISOString();
/** Version of each shipment's arrival estimate and when it was made (version 0: the seeded one). */
const versions = new Map<number, EstimateVersion>();
const current = (ordinal: number): EstimateVersion => versions.get(ordinal) ?? seededEstimate(settings);

function bump(ordinal: number): EstimateVersion {
  const next = { version: current(ordinal).version + 1, at: Date.now() };
  versions.set(ordinal, next);
  return next;
}

function randomOwnOrdinal(): number {
  const own = Math.ceil((settings.shipments - settings.index) / settings.count);
  return settings.index + Math.floor(Math.random() * own) * settings.count;
}

// DCSA 2.2 (TNT_v2.2.0): the same history the bench stored, a departure and the current estimate.
function events22(reference: string, ordinal: number): unknown[] {
  const vessel = { vesselIMONumber: '9000001', vesselName: 'BENCH EXPRESS' };
  const pol = { transportCallID: 'CNSHA-VESSEL', UNLocationCode: 'CNSHA', modeOfTransport: 'VESSEL', exportVoyageNumber: '001E', vessel };
  const pod = { transportCallID: 'USLAX-VESSEL', UNLocationCode: 'USLAX', modeOfTransport: 'VESSEL', importVoyageNumber: '001E', vessel };
  const documentReferences = [{ documentReferenceType: 'TRD', documentReferenceValue: reference }];
  const uuid = (n: number): string => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  const containers = Array.from({ length: CONTAINERS_PER_SHIPMENT }, (_, offset) => ordinal * CONTAINERS_PER_SHIPMENT + offset);
  const equipment = containers.flatMap((container) => {
    const at = settings.seedBase + container * 1000;
    return (
      [
        ['GTOT', true, 10],
        ['GTIN', false, 9],
        ['LOAD', false, 8],
      ] as const
    ).map(([code, empty, daysBefore], k) => ({
      eventID: uuid(container * 10 + k + 1),
      eventCreatedDateTime: iso(at - daysBefore * DAY),
      eventType: 'EQUIPMENT',
      eventClassifierCode: 'ACT',
      eventDateTime: iso(at - daysBefore * DAY),
      equipmentEventTypeCode: code,
      equipmentReference: containerNumber(container),
      ISOEquipmentCode: '45G1',
      emptyIndicatorCode: empty ? 'EMPTY' : 'LADEN',
      eventLocation: { UNLocationCode: 'CNSHA' },
      documentReferences,
      ...(code === 'LOAD' ? { transportCall: pol } : {}),
    }));
  });
  const departedAt = settings.seedBase + ordinal * CONTAINERS_PER_SHIPMENT * 1000 - 7 * DAY;
  const estimate = current(ordinal);
  return [
    ...equipment,
    {
      eventID: uuid(9_000_000_000 + ordinal),
      eventCreatedDateTime: iso(departedAt),
      eventType: 'TRANSPORT',
      eventClassifierCode: 'ACT',
      eventDateTime: iso(departedAt),
      transportEventTypeCode: 'DEPA',
      transportCall: pol,
      documentReferences,
    },
    {
      // A new estimate is a new event, as 2.2 has no versions of one.
      eventID: `00000000-0000-4000-9${String(estimate.version % 1000).padStart(3, '0')}-${String(ordinal).padStart(12, '0')}`,
      eventCreatedDateTime: iso(estimate.at),
      eventType: 'TRANSPORT',
      eventClassifierCode: 'EST',
      eventDateTime: iso(estimatedArrival(estimate.version, settings)),
      transportEventTypeCode: 'ARRI',
      transportCall: pod,
      documentReferences,
    },
  ];
}

/** Pushes in flight at most: a carrier's sender waits for answers, it does not open sockets without end. */
const MAX_PUSHES_IN_FLIGHT = 16;
let pushesInFlight = 0;

async function push(): Promise<void> {
  if (!settings.push) return;
  pushesInFlight += 1;
  const ordinal = randomOwnOrdinal();
  const change = bump(ordinal);
  const body = JSON.stringify({ events: [estimate30(ordinal, change, settings)] });
  let status = 0;
  try {
    const response = await fetch(settings.push.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${settings.push.token}` },
      body,
    });
    status = response.status;
    await response.arrayBuffer();
  } catch {
    status = -1;
  }
  pushesInFlight -= 1;
  log.write(`${JSON.stringify({ kind: 'push', at: change.at, end: Date.now(), ordinal, version: change.version, status })}\n`);
}

// Changes at a steady rate: every tick makes the changes due since the start.
const started = Date.now();
let made = 0;
const TICK_MS = 20;
const perSecond = settings.push ? settings.push.perSecond : settings.changesPerSecond;
const ticker =
  perSecond > 0 && settings.shipments > settings.index
    ? setInterval(() => {
        const due = Math.floor(((Date.now() - started) / 1000) * perSecond);
        for (; made < due; made += 1) {
          // Changes due while the api has not answered the pushes in flight are not made: the
          // pushed rate falls to what the api takes in, and the bench reports the rate reached.
          if (settings.push && pushesInFlight >= MAX_PUSHES_IN_FLIGHT) continue;
          if (settings.push) void push();
          else {
            const ordinal = randomOwnOrdinal();
            const change = bump(ordinal);
            log.write(`${JSON.stringify({ kind: 'change', at: change.at, ordinal, version: change.version })}\n`);
          }
        }
      }, TICK_MS)
    : null;

const server = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  if (url.pathname === '/health') {
    response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    return;
  }
  const arrived = Date.now();
  const latency = settings.minLatencyMs + Math.random() * (settings.maxLatencyMs - settings.minLatencyMs);
  setTimeout(() => {
    const match = /^BNCH(\d{10})$/.exec(url.searchParams.get('transportDocumentReference') ?? '');
    const ordinal = match ? Number(match[1]) : -1;
    const path = settings.version === '3.0' ? '/events' : '/v2/events';
    let status = 404;
    if (url.pathname === path && ordinal >= 0 && ordinal % settings.count === settings.index && ordinal < settings.shipments) {
      status = 200;
      const body =
        settings.version === '3.0'
          ? JSON.stringify({ events: events30(ordinal, current(ordinal), settings) })
          : JSON.stringify(events22(billOfLading(ordinal), ordinal));
      response.writeHead(200, {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        ...(settings.version === '3.0' ? { 'api-version': '3.0.0' } : {}),
      });
      response.end(body);
    } else response.writeHead(404, { 'content-type': 'application/json' }).end(settings.version === '3.0' ? '{"events":[]}' : '[]');
    const served = ordinal >= 0 ? current(ordinal).version : null;
    log.write(`${JSON.stringify({ kind: 'request', at: arrived, end: Date.now(), ordinal, version: served, status })}\n`);
  }, latency);
});
server.keepAliveTimeout = 10_000;
server.listen(port, '127.0.0.1');
process.on('SIGTERM', () => {
  if (ticker) clearInterval(ticker);
  server.closeAllConnections();
  server.close(() => log.end(() => process.exit(0)));
});
