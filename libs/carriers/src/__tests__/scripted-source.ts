import type { ServerResponse } from 'node:http';
import { RecordingServer } from '@quayside/testing';
import type { RecordedRequest, RecordingHandler } from '@quayside/testing';

/** What a test makes and must close: an adapter, with its connections. */
interface Closable {
  close(): Promise<void>;
}

/**
 * A source on 127.0.0.1 whose answers each test scripts, recording every request (RecordingServer).
 * `ScriptedSource.forTests` starts it before the spec file's tests; before each, its requests are
 * emptied and `answer` is `byDefault` again; after them, it closes with every adapter `keep` was given.
 */
export class ScriptedSource {
  /** How the source answers the current test's requests. */
  answer: RecordingHandler;
  private server: RecordingServer | null = null;
  private readonly adapters: Closable[] = [];

  private constructor(private readonly byDefault: RecordingHandler) {
    this.answer = byDefault;
  }

  static forTests(byDefault: RecordingHandler): ScriptedSource {
    const source = new ScriptedSource(byDefault);
    beforeAll(async () => {
      source.server = await RecordingServer.start((request, response) => source.answer(request, response));
    });
    afterAll(async () => {
      await Promise.all(source.adapters.map((adapter) => adapter.close()));
      await source.server?.close();
    });
    beforeEach(() => {
      source.running.requests.length = 0;
      source.answer = source.byDefault;
    });
    return source;
  }

  get baseUrl(): string {
    return this.running.baseUrl;
  }

  /** The current test's requests, in order. */
  get requests(): RecordedRequest[] {
    return this.running.requests;
  }

  /** Ends every open connection, as a source that goes away does. */
  dropConnections(): void {
    this.running.dropConnections();
  }

  /** `adapter`, closed after the file's tests. */
  keep<T extends Closable>(adapter: T): T {
    this.adapters.push(adapter);
    return adapter;
  }

  private get running(): RecordingServer {
    if (this.server === null) throw new Error('the scripted source runs only inside the tests');
    return this.server;
  }
}

/** A JSON answer: `body` as given when it is text (a fixture file, a broken body), serialized otherwise. */
export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}
