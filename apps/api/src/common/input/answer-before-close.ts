import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/**
 * A body refused for its size is answered 413 before it has arrived. Closing the connection at
 * once (Fastify's default) makes a client still writing the body see a reset instead of the
 * answer, so instead the connection is kept until the client has sent the rest, which Node reads
 * and drops; past `discardLimit` bytes the socket is closed anyway. A client that asks
 * `Expect: 100-continue` with a declared size over the limit gets the 413 without ever sending.
 */
export function answerBeforeClose(app: NestFastifyApplication, bodyLimit: number): void {
  const fastify = app.getHttpAdapter().getInstance();
  const discardLimit = Math.max(64 * 1024 * 1024, 16 * bodyLimit);
  fastify.addHook('onSend', async (request, reply) => {
    if (reply.statusCode !== 413 || request.raw.complete || refusedContinue(request.raw, bodyLimit)) return;
    reply.removeHeader('connection');
    let discarded = 0;
    request.raw.on('data', (chunk: Buffer) => {
      discarded += chunk.length;
      if (discarded > discardLimit) request.raw.socket.destroy();
    });
  });
  const server: Server = app.getHttpServer();
  server.on('checkContinue', (request: IncomingMessage, response: ServerResponse) => {
    // Within the limit the client is told to go on; over it, Fastify answers 413 first.
    if (!refusedContinue(request, bodyLimit)) response.writeContinue();
    server.emit('request', request, response);
  });
}

/** The client waits for 100 Continue that is not sent: it sends no body, so the answer ends the connection. */
function refusedContinue(request: IncomingMessage, bodyLimit: number): boolean {
  return /100-continue/i.test(request.headers.expect ?? '') && Number(request.headers['content-length']) > bodyLimit;
}
