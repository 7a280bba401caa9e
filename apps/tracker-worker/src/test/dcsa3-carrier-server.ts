import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

type Event = Record<string, unknown>;

/**
 * A carrier's DCSA 3.0 `GET /events` on 127.0.0.1: the events naming the number asked, as a
 * carrier filters them. It counts the requests it gets; while `hold()` is on, it answers none of
 * them until `release()` (a slow or stuck carrier, without any timing in the test).
 */
export class Dcsa3CarrierServer {
  published: Event[] = [];
  /** The number each request asked for, in order of arrival. */
  readonly asked: string[] = [];
  private held: Array<() => void> | null = null;
  private server!: Server;

  async start(): Promise<string> {
    this.server = createServer((req, res) => this.answer(req, res));
    await new Promise<void>((done) => this.server.listen(0, '127.0.0.1', done));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/tnt`;
  }

  /** Requests arriving from now on wait for `release()`. */
  hold(): void {
    this.held ??= [];
  }

  /** How many requests are waiting for `release()`. */
  holding(): number {
    return this.held?.length ?? 0;
  }

  /** Answers the waiting requests and stops holding. */
  release(): void {
    const held = this.held ?? [];
    this.held = null;
    for (const answer of held) answer();
  }

  async stop(): Promise<void> {
    this.release();
    this.server.closeAllConnections();
    await new Promise<void>((done) => this.server.close(() => done()));
  }

  private answer(req: IncomingMessage, res: ServerResponse): void {
    req.resume();
    const query = new URL(req.url ?? '/', 'http://x').searchParams;
    const number = query.get('carrierBookingReference') ?? query.get('transportDocumentReference') ?? query.get('equipmentReference') ?? '';
    this.asked.push(number);
    const send = (): void => {
      res.writeHead(200, { 'content-type': 'application/json', 'api-version': '3.0.0' });
      res.end(JSON.stringify({ events: this.published.filter((e) => JSON.stringify(e).includes(`"${number}"`)) }));
    };
    if (this.held === null) send();
    else this.held.push(send);
  }
}
