import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describeNotification } from './notification-view';
import type { NotificationView } from './notification-view';
import { verifyWebhookSignatures } from './signature-verifier';
import type { SignatureCheck } from './signature-verifier';

export interface ReceivedDelivery {
  receivedAt: Date;
  /** The notification id from `webhook-id` (or the body when that header is missing). */
  id: string;
  check: SignatureCheck;
  /** Null when the body is not a webhook notification document. */
  view: NotificationView | null;
}

const PATH = '/quayside/webhooks';
const MAX_BODY_BYTES = 1024 * 1024;

function readBody(request: IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    request.on('end', () => resolve(size > MAX_BODY_BYTES ? null : Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

function answer(response: ServerResponse, status: number, body: Record<string, unknown>): void {
  response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
}

function parse(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    return null;
  }
}

/**
 * The demo's webhook endpoint on 127.0.0.1: verifies both signatures of every delivery over
 * the raw body and answers 401 when they do not verify (the service then retries, as it would
 * for any failure), 200 otherwise. Until the webhook's secret is known it answers 503.
 */
export class WebhookReceiver {
  private readonly server: Server;
  private secret: string | null = null;

  constructor(private readonly onDelivery: (delivery: ReceivedDelivery) => void) {
    this.server = createServer((request, response) => {
      this.handle(request, response).catch(() => answer(response, 500, { error: 'receiver error' }));
    });
  }

  /** Starts listening (port 0: any free port) and returns the URL to register. */
  async listen(port = 0, host = '127.0.0.1'): Promise<string> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, host, () => resolve());
    });
    const address = this.server.address() as AddressInfo;
    return `http://${host}:${address.port}${PATH}`;
  }

  useSecret(secret: string): void {
    this.secret = secret;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (request.method !== 'POST' || request.url !== PATH) return answer(response, 404, { error: 'not found' });
    const raw = await readBody(request);
    if (raw === null) return answer(response, 413, { error: 'too large' });
    if (this.secret === null) return answer(response, 503, { error: 'not ready' });
    const check = verifyWebhookSignatures(this.secret, request.headers, raw, Math.floor(Date.now() / 1000));
    const view = describeNotification(parse(raw));
    const headerId = request.headers['webhook-id'];
    const id = (Array.isArray(headerId) ? headerId[0] : headerId) ?? view?.id ?? '';
    this.onDelivery({ receivedAt: new Date(), id, check, view });
    if (!check.ok) return answer(response, 401, { error: check.reason });
    if (view === null) return answer(response, 400, { error: 'not a webhook notification' });
    return answer(response, 200, { received: id });
  }
}
