import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

const DAY = 86_400_000;
const VESSEL = { vesselIMONumber: '9000001', vesselName: 'STAGED EXPRESS' };
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

/** The last stage of a journey: the empties are back. */
export const LAST_STAGE = 3;

/**
 * A shipping line publishing DCSA Track & Trace 2.2 on 127.0.0.1 whose answers move forward in
 * stages the test sets, so two runs that refresh after every stage see exactly the same
 * histories whatever else happens (worker kills, retries, timing):
 *
 * 0. empty out, full in and loaded at Shanghai, departed, arrival estimated on day 20;
 * 1. the estimate moves to day 21;
 * 2. arrived and discharged at Los Angeles — and the departure time corrected by two hours;
 * 3. full out, and the empty returned.
 *
 * Answers are held `delayMs`, so a worker can be killed while it waits for one.
 */
export class StagedDcsaCarrier {
  stage = 0;
  requests = 0;
  private readonly server: Server;

  constructor(
    /** Bill of lading → its container numbers. */
    private readonly bills: ReadonlyMap<string, readonly string[]>,
    /** Day 0 of every journey; all events are in the past of the run (the line never reports the future). */
    private readonly base: number,
    private readonly delayMs: number,
  ) {
    this.server = createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      const bill = url.searchParams.get('transportDocumentReference') ?? '';
      const containers = this.bills.get(bill);
      if (url.pathname !== '/v2/events' || containers === undefined) {
        response.writeHead(200, { 'content-type': 'application/json' }).end('[]');
        return;
      }
      this.requests += 1;
      const body = JSON.stringify(this.events(bill, containers, this.stage));
      setTimeout(() => response.writeHead(200, { 'content-type': 'application/json' }).end(body), this.delayMs);
    });
  }

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private events(bill: string, containers: readonly string[], stage: number): unknown[] {
    const at = (day: number): string => new Date(this.base + day * DAY).toISOString();
    const documents = [{ documentReferenceType: 'TRD', documentReferenceValue: bill }];
    let sequence = 0;
    // Stable ids per bill and position, so every answer of a stage is the same message.
    const id = (): string =>
      `00000000-0000-4000-8000-${String(Number(bill.replace(/\D/g, '')) * 1000 + (sequence += 1)).padStart(12, '0')}`;
    const transport = (code: 'ARRI' | 'DEPA', classifier: 'ACT' | 'EST', day: number, call: object, createdDay: number) => ({
      eventID: id(),
      eventCreatedDateTime: at(createdDay),
      eventType: 'TRANSPORT',
      eventClassifierCode: classifier,
      eventDateTime: at(day),
      transportEventTypeCode: code,
      transportCall: call,
      documentReferences: documents,
    });
    const equipment = (container: string, code: string, empty: boolean, day: number, place: string, call?: object) => ({
      eventID: id(),
      eventCreatedDateTime: at(day),
      eventType: 'EQUIPMENT',
      eventClassifierCode: 'ACT',
      eventDateTime: at(day),
      equipmentEventTypeCode: code,
      equipmentReference: container,
      ISOEquipmentCode: '45G1',
      emptyIndicatorCode: empty ? 'EMPTY' : 'LADEN',
      eventLocation: { UNLocationCode: place },
      documentReferences: documents,
      ...(call ? { transportCall: call } : {}),
    });
    const events: unknown[] = [];
    for (const c of containers)
      events.push(
        equipment(c, 'GTOT', true, 0, 'CNSHA'),
        equipment(c, 'GTIN', false, 1, 'CNSHA'),
        equipment(c, 'LOAD', false, 2, 'CNSHA', POL),
      );
    events.push(transport('DEPA', 'ACT', 3, POL, 3));
    // The line corrects the departure at stage 2: a newer report of the same thing.
    if (stage >= 2) events.push(transport('DEPA', 'ACT', 3 + 2 / 24, POL, 4));
    events.push(transport('ARRI', 'EST', stage >= 1 ? 21 : 20, POD, stage >= 1 ? 10 : 3));
    if (stage >= 2) {
      events.push(transport('ARRI', 'ACT', 21, POD, 21));
      for (const c of containers) events.push(equipment(c, 'DISC', false, 21.5, 'USLAX', POD));
    }
    if (stage >= 3)
      for (const c of containers) events.push(equipment(c, 'GTOT', false, 23, 'USLAX'), equipment(c, 'GTIN', true, 25, 'USLAX'));
    return events;
  }
}
