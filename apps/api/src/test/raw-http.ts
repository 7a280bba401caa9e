import { connect } from 'node:net';

/** What came back on the wire for one raw request. */
export interface RawAnswer {
  /** The status of the final response, or `undefined` when the connection ended without one. */
  status: number | undefined;
  /** Interim (1xx) statuses seen before it, e.g. 100 for `Expect: 100-continue`. */
  interim: number[];
  headers: Record<string, string>;
  body: string;
  /** The socket error seen before a full answer was read (ECONNRESET, EPIPE), if any. */
  socketError: string | undefined;
}

export interface RawRequest {
  /** The request head up to and including the final CRLF CRLF, sent as latin1 bytes. */
  head: string;
  /**
   * Written after the head in chunks of 64 KiB, as a client streaming an upload would. The
   * answer is taken only once all of it is written, as most clients do: a server that closes
   * while the body is still coming shows up as a reset.
   */
  body?: Buffer;
  /**
   * Start writing the body only after the answer has arrived, as a client on a slow link is
   * still uploading when an early answer comes: makes the race of "answer, then close" certain.
   */
  bodyAfterAnswer?: boolean;
}

/**
 * Sends bytes over a real TCP socket, without an HTTP client that would refuse to send them
 * (a NUL in a header, 500 headers, a body the server stops reading), and reports what a
 * client sees: the answer, or the reset that a client would get instead.
 */
export async function rawRequest(port: number, request: RawRequest, timeoutMs = 20_000): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    let socketError: string | undefined;
    let settled = false;
    let bodyWritten = request.body === undefined;
    let bodyStarted = false;
    const finish = (): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(parseAnswer(Buffer.concat(received), socketError));
    };
    const timer = setTimeout(finish, timeoutMs);
    const sendBody = (): void => {
      if (request.body === undefined || bodyStarted) return;
      bodyStarted = true;
      writeChunks(socket, request.body, () => {
        bodyWritten = true;
        // Give a server that closes early the time to do it, so its reset is seen.
        setTimeout(() => {
          if (answerComplete(Buffer.concat(received))) finish();
        }, 200);
      });
    };
    socket.on('data', (chunk: Buffer) => {
      received.push(chunk);
      const { interim } = splitInterim(Buffer.concat(received));
      const complete = answerComplete(Buffer.concat(received));
      if ((complete || interim.length > 0) && request.bodyAfterAnswer === true) sendBody();
      if (bodyWritten && complete) finish();
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      socketError ??= error.code ?? error.message;
      // An answer already on the wire is still what the client reads; only an empty one is a reset.
      finish();
    });
    socket.on('end', finish);
    socket.on('close', finish);
    socket.on('connect', () => {
      socket.write(Buffer.from(request.head, 'latin1'));
      if (request.bodyAfterAnswer !== true) sendBody();
    });
  });
}

function writeChunks(socket: ReturnType<typeof connect>, body: Buffer, written: () => void): void {
  let offset = 0;
  const pump = (): void => {
    while (offset < body.length && !socket.destroyed) {
      const chunk = body.subarray(offset, offset + 64 * 1024);
      offset += chunk.length;
      const last = offset >= body.length;
      const flushed = socket.write(chunk, (error) => {
        if (last && !error) written();
      });
      if (!flushed) {
        socket.once('drain', pump);
        return;
      }
    }
  };
  pump();
}

function splitHead(raw: Buffer): { head: string; body: Buffer } | undefined {
  const end = raw.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  return { head: raw.subarray(0, end).toString('latin1'), body: raw.subarray(end + 4) };
}

/** Interim 1xx answers come first, each a head with no body. */
function splitInterim(raw: Buffer): { interim: number[]; rest: Buffer } {
  const interim: number[] = [];
  let rest = raw;
  for (
    let match = /^HTTP\/1\.[01] (1\d\d)[^\r]*\r\n(?:[^\r]+\r\n)*\r\n/.exec(rest.toString('latin1'));
    match !== null;
    match = /^HTTP\/1\.[01] (1\d\d)[^\r]*\r\n(?:[^\r]+\r\n)*\r\n/.exec(rest.toString('latin1'))
  ) {
    interim.push(Number(match[1]));
    rest = rest.subarray(Buffer.byteLength(match[0], 'latin1'));
  }
  return { interim, rest };
}

function answerComplete(raw: Buffer): boolean {
  const parts = splitHead(splitInterim(raw).rest);
  if (parts === undefined) return false;
  const length = /\r\ncontent-length:\s*(\d+)/i.exec(parts.head);
  return length !== null && parts.body.length >= Number(length[1]);
}

function parseAnswer(received: Buffer, socketError: string | undefined): RawAnswer {
  const { interim, rest } = splitInterim(received);
  const parts = splitHead(rest);
  if (parts === undefined)
    return { status: undefined, interim, headers: {}, body: '', socketError: socketError ?? 'closed without an answer' };
  const [statusLine = '', ...lines] = parts.head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1]);
  return { status: Number.isNaN(status) ? undefined : status, interim, headers, body: parts.body.toString('utf8'), socketError };
}
