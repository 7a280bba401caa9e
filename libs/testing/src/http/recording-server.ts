import type { IncomingHttpHeaders, Server, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the far side received it, body read whole. */
export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
}

export type RecordingHandler = (request: RecordedRequest, response: ServerResponse) => void;

/**
 * A carrier's, terminal's or receiver's far side on 127.0.0.1 (any free port) for adapter
 * tests: it records every request and answers with the handler a test sets, which is how such
 * tests serve the documented example messages instead of mocking the HTTP client.
 */
export class RecordingServer {
  readonly requests: RecordedRequest[] = [];

  private constructor(
    private readonly server: Server,
    readonly baseUrl: string,
    private handler: RecordingHandler,
  ) {}

  static async start(handler: RecordingHandler): Promise<RecordingServer> {
    let recording: RecordingServer | null = null;
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'http://127.0.0.1');
        const request = { method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: req.headers, body };
        recording?.requests.push(request);
        recording?.handler(request, res);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    recording = new RecordingServer(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`, handler);
    return recording;
  }

  /** Forgets the requests so far and answers the next ones with `handler`. */
  reset(handler: RecordingHandler): void {
    this.requests.length = 0;
    this.handler = handler;
  }

  answerWith(handler: RecordingHandler): void {
    this.handler = handler;
  }

  /** Cuts every open connection, e.g. one a test left hanging on purpose. */
  dropConnections(): void {
    this.server.closeAllConnections();
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
