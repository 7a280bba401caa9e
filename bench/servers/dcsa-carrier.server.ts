/**
 * A shipping line publishing DCSA Track & Trace 2.2 on 127.0.0.1, for the end-to-end tracker
 * benchmark. It knows every bill of lading the bench seeded (`BNCH<10 digits>`) and answers the
 * same history the bench stored for its two containers (empty out, full in, loaded at
 * Shanghai, at the very instants stored) plus what is new since: the vessel departed, and an
 * arrival estimate at Los Angeles. So each first refresh finds exactly one departure per
 * container, as a refresh that found news does.
 *
 *   node -r @swc-node/register bench/servers/dcsa-carrier.server.ts <port> <seed base, epoch ms>
 */
import { createServer } from 'node:http';
import { CONTAINERS_PER_SHIPMENT, containerNumber } from '../database/bench-ids';

const [portArgument, baseArgument] = process.argv.slice(2);
const port = Number(portArgument);
const base = Number(baseArgument);
if (!Number.isInteger(port) || port <= 0 || !Number.isFinite(base)) {
  console.error('usage: dcsa-carrier.server.ts <port> <seed base epoch ms>');
  process.exit(2);
}

const DAY = 86_400_000;
const VESSEL = { vesselIMONumber: '9000001', vesselName: 'BENCH EXPRESS' };
const POL = {
  transportCallID: 'CNSHA-VESSEL',
  UNLocationCode: 'CNSHA',
  modeOfTransport: 'VESSEL',
  exportVoyageNumber: '001E',
  vessel: VESSEL,
};
const POD = {
  transportCallID: 'USLAX-VESSEL',
  UNLocationCode: 'USLAX',
  modeOfTransport: 'VESSEL',
  importVoyageNumber: '001E',
  vessel: VESSEL,
};

const iso = (epochMs: number): string => new Date(epochMs).toISOString();

function events(billOfLading: string, shipmentOrdinal: number): unknown[] {
  // Seeded instants: container i at base + i s (bench/database/seed-containers.ts).
  const shipmentAt = base + shipmentOrdinal * CONTAINERS_PER_SHIPMENT * 1000;
  const documents = [{ documentReferenceType: 'TRD', documentReferenceValue: billOfLading }];
  const equipment = (ordinal: number, code: string, empty: boolean, at: number, id: string): Record<string, unknown> => ({
    eventID: id,
    eventCreatedDateTime: iso(at),
    eventType: 'EQUIPMENT',
    eventClassifierCode: 'ACT',
    eventDateTime: iso(at),
    equipmentEventTypeCode: code,
    equipmentReference: containerNumber(ordinal),
    ISOEquipmentCode: '45G1',
    emptyIndicatorCode: empty ? 'EMPTY' : 'LADEN',
    eventLocation: { UNLocationCode: 'CNSHA' },
    documentReferences: documents,
    ...(code === 'LOAD' ? { transportCall: POL } : {}),
  });
  const first = shipmentOrdinal * CONTAINERS_PER_SHIPMENT;
  const perContainer = Array.from({ length: CONTAINERS_PER_SHIPMENT }, (_, offset) => first + offset).flatMap((ordinal) => {
    const at = base + ordinal * 1000;
    const id = (n: number): string => `00000000-0000-4000-8000-${String(ordinal * 10 + n).padStart(12, '0')}`;
    return [
      equipment(ordinal, 'GTOT', true, at - 10 * DAY, id(1)),
      equipment(ordinal, 'GTIN', false, at - 9 * DAY, id(2)),
      equipment(ordinal, 'LOAD', false, at - 8 * DAY, id(3)),
    ];
  });
  const departedAt = shipmentAt - 7 * DAY;
  const shipmentId = (n: number): string => `00000000-0000-4000-9000-${String(shipmentOrdinal * 10 + n).padStart(12, '0')}`;
  return [
    ...perContainer,
    {
      eventID: shipmentId(1),
      eventCreatedDateTime: iso(departedAt),
      eventType: 'TRANSPORT',
      eventClassifierCode: 'ACT',
      eventDateTime: iso(departedAt),
      transportEventTypeCode: 'DEPA',
      transportCall: POL,
      documentReferences: documents,
    },
    {
      eventID: shipmentId(2),
      eventCreatedDateTime: iso(departedAt),
      eventType: 'TRANSPORT',
      eventClassifierCode: 'EST',
      eventDateTime: iso(shipmentAt + 20 * DAY),
      transportEventTypeCode: 'ARRI',
      transportCall: POD,
      documentReferences: documents,
    },
  ];
}

let answered = 0;
const server = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  if (url.pathname === '/health') {
    response.writeHead(200, { 'content-type': 'text/plain' }).end(String(answered));
    return;
  }
  const billOfLading = url.searchParams.get('transportDocumentReference') ?? '';
  const match = /^BNCH(\d{10})$/.exec(billOfLading);
  if (url.pathname !== '/v2/events' || !match) {
    response.writeHead(404, { 'content-type': 'application/json' }).end('[]');
    return;
  }
  answered += 1;
  const body = JSON.stringify(events(billOfLading, Number(match[1])));
  response.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }).end(body);
});
server.keepAliveTimeout = 10_000;
server.listen(port, '127.0.0.1');
process.on('SIGTERM', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
