import { HttpError, renderError } from '../errors/http-status';
import type { Duplex } from 'node:stream';

/** How long a socket may stay half-closed after its answer before it is dropped. */
const CLOSE_GRACE_MS = 5_000;

function answerFor(code: string | undefined): HttpError {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return new HttpError(431, {
        title: 'Request Header Fields Too Large',
        detail: 'The request headers are too many or too large (16 KiB in all).',
      });
    case 'ERR_HTTP_REQUEST_TIMEOUT':
    case 'ERR_HTTP_HEADERS_TIMEOUT':
      return new HttpError(408, { title: 'Request Timeout', detail: 'The request was not received in time.' });
    case 'HPE_INVALID_METHOD':
      return new HttpError(
        405,
        { title: 'Method Not Allowed', detail: 'The request method is not one this API answers.' },
        { Allow: 'GET, POST, PATCH, DELETE' },
      );
    default:
      return new HttpError(400, {
        title: 'Bad Request',
        detail: 'The request could not be read as HTTP/1.1 (malformed request line, header or framing).',
        code: 'bad_request',
      });
  }
}

/**
 * Fastify's `clientErrorHandler`: what Node's HTTP parser refuses before any route runs (too
 * many headers, a method it does not know, broken framing) is answered as JSON:API like every
 * other failure. The socket is half-closed after the answer, not destroyed, so the client reads
 * the answer instead of a connection reset; it is dropped only if the client never closes.
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const answer = renderError(answerFor(error.code));
  const body = JSON.stringify(answer.document);
  const headers = Object.entries({
    'Content-Type': 'application/vnd.api+json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(body)),
    Connection: 'close',
    ...answer.headers,
  }).map(([name, value]) => `${name}: ${value}\r\n`);
  socket.end(`HTTP/1.1 ${answer.status} ${answer.document.errors[0]?.title ?? ''}\r\n${headers.join('')}\r\n${body}`);
  // Whatever else the client sends is read and dropped until it closes its side.
  socket.resume();
  setTimeout(() => socket.destroy(), CLOSE_GRACE_MS).unref();
}
