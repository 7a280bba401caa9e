import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One POST as it arrived: the raw bytes (signatures are over them) and the headers. */
export interface CapturedDelivery {
  receivedAt: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A real webhook endpoint on 127.0.0.1 for end-to-end tests: keeps every delivery untouched
 * and answers 200, so what the test asserts is exactly what a client's server would get.
 */
export class WebhookSink {
  readonly deliveries: CapturedDelivery[] = [];
  private readonly server: Server;

  constructor() {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        if (request.method === 'POST')
          this.deliveries.push({ receivedAt: Date.now(), headers: request.headers, body: Buffer.concat(chunks) });
        response.writeHead(request.method === 'POST' ? 200 : 405, { 'Content-Type': 'application/json' }).end('{"ok":true}');
      });
    });
  }

  /** Listens on a free port; returns the URL to register as the webhook. */
  async listen(): Promise<string> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(0, '127.0.0.1', () => resolve());
    });
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks`;
  }

  /** Waits until `done` holds for what has arrived, or fails after `timeoutMs`. */
  async waitFor(done: (deliveries: readonly CapturedDelivery[]) => boolean, timeoutMs: number, what: string): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!done(this.deliveries)) {
      if (Date.now() > deadline)
        throw new Error(`timed out after ${timeoutMs} ms waiting for ${what} (${this.deliveries.length} deliveries so far)`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
