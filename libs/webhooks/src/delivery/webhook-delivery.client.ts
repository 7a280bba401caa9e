import type { Agent } from 'undici';
import type { AttemptFailureKind } from '../retry/retry-schedule';
import type { SignatureHeaders } from '../signing/webhook-signature';
import { parseRetryAfter } from '../retry/retry-schedule';
import { blockedAddressReason, isAllowedHost } from '../url-safety/address-policy';
import type { WebhookUrlPolicy } from '../url-safety/assert-safe-webhook-url';
import { checkWebhookUrlSyntax } from '../url-safety/assert-safe-webhook-url';
import type { HostResolver } from '../url-safety/resolve-host';
import { systemResolver } from '../url-safety/resolve-host';
import { UnsafeWebhookUrlError } from '../url-safety/unsafe-webhook-url.error';
import { AttemptHandler } from './attempt-handler';
import type { AttemptAnswer } from './attempt-handler';
import { BlockedAddressError, guardedLookup } from './guarded-lookup';

/** Statuses that count as delivered; anything else, redirects included, is a failed attempt. */
export const WEBHOOK_SUCCESS_STATUSES: ReadonlySet<number> = new Set([200, 201, 202, 204]);
export const WEBHOOK_RESPONSE_READ_LIMIT_BYTES = 64 * 1024;
export const WEBHOOK_RESPONSE_KEEP_BYTES = 20 * 1024;
export const WEBHOOK_USER_AGENT = 'Quayside-Webhooks/1';
const SAFE_URLS_KEPT = 1_024;

/** Headers the service sets itself; a webhook's custom headers cannot replace them. */
const RESERVED_HEADERS = new Set([
  'host',
  'content-type',
  'content-length',
  'transfer-encoding',
  'connection',
  'user-agent',
  'x-t49-webhook-signature',
  'webhook-id',
  'webhook-timestamp',
  'webhook-signature',
]);

export interface DeliveryClientOptions {
  policy: WebhookUrlPolicy;
  /** Whole attempt: connect, send, answer (15 s in production). */
  timeoutMs: number;
  /** DNS used at connect time; tests inject one that changes its answers. */
  resolve?: HostResolver;
}

export interface DeliveryRequest {
  url: string;
  body: string;
  /** Signature headers of this attempt (signWebhook's, or any others). */
  signatureHeaders: SignatureHeaders | Record<string, string>;
  customHeaders?: readonly { name: string; value: string }[];
}

export interface DeliveryResult {
  succeeded: boolean;
  /** Null when no answer came (timeout, refused, blocked). */
  status: number | null;
  /** At most 20 KB of the answer. */
  responseBody: string | null;
  responseHeaders: Record<string, string> | null;
  /** Why the attempt failed, written for the client; null on success. */
  error: string | null;
  failure: AttemptFailureKind | null;
  retryAfterMs: number | null;
  /** The headers sent, for the trigger endpoint's report. */
  requestHeaders: Record<string, string>;
}

const TIMEOUT_MARKS = new Set([
  'TimeoutError',
  'AbortError',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'ETIMEDOUT',
]);

/** Our abort signal surfaces as a DOMException (not always an Error), sometimes as the cause of one. */
function isTimeout(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && typeof current === 'object' && depth < 3; depth++) {
    const { name, code, cause } = current as { name?: unknown; code?: unknown; cause?: unknown };
    if (TIMEOUT_MARKS.has(String(name)) || TIMEOUT_MARKS.has(String(code))) return true;
    current = cause;
  }
  return false;
}

function failed(
  requestHeaders: Record<string, string>,
  error: string,
  failure: AttemptFailureKind,
  extra: Partial<DeliveryResult> = {},
): DeliveryResult {
  return {
    succeeded: false,
    status: null,
    responseBody: null,
    responseHeaders: null,
    retryAfterMs: null,
    requestHeaders,
    ...extra,
    error,
    failure,
  };
}

function describeError(error: unknown, timeoutMs: number): string {
  if (isTimeout(error)) return `no answer within ${timeoutMs} ms`;
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  if (cause instanceof BlockedAddressError) return cause.message;
  if (cause instanceof Error) {
    const code = (cause as { code?: unknown }).code;
    return typeof code === 'string' ? `${code}: ${cause.message}` : cause.message;
  }
  return String(cause);
}

/**
 * Posts signed notifications with the delivery rules of docs/webhooks.md: one timeout for
 * the whole attempt, no redirects, a capped answer, and the address checked when the socket
 * connects (DNS lookup hook, then the connected peer address) so rebinding cannot reach inside.
 */
export class WebhookDeliveryClient {
  /** Built with the first post (undici loaded then); `agent` is set once it is, so later posts do not wait. */
  private agent: Agent | null = null;
  private building: Promise<Agent> | null = null;
  private closed = false;
  /**
   * URLs that passed the syntax check under this client's (fixed) policy, with the origin and
   * path the agent is asked for: a dispatcher posts to the same few endpoints thousands of
   * times, and parsing and checking the URL on each post was some 2.5 % of its CPU (undici's
   * `request(url)` would parse it once more). Bounded by starting over; refusals are not kept
   * (rare, and cheap to find again). The address itself is still checked at every connect.
   */
  private readonly safeUrls = new Map<string, { origin: string; path: string }>();

  constructor(private readonly options: DeliveryClientOptions) {}

  private buildAgent(): Promise<Agent> {
    // undici is loaded with the first post, not at boot: the api builds a client for its trigger
    // endpoint at boot and most api processes never post, and undici held at rest is some 3.5 MB
    // of an idle api's RSS (docs/architecture.md, "Memory"). `building` makes it once per client.
    this.building ??= import('undici').then(async ({ Agent, buildConnector }) => {
      const allow = this.options.policy.allow;
      const base = buildConnector({
        lookup: guardedLookup(allow, this.options.resolve ?? systemResolver),
        timeout: this.options.timeoutMs,
      });
      const agent = new Agent({
        connections: null,
        keepAliveTimeout: 4_000,
        connect: (connectOptions, callback) => {
          base(connectOptions, (error, socket) => {
            if (error || !socket) return callback(error ?? new Error('no socket'), null);
            // IP literals skip the lookup hook; the connected peer is checked for every socket.
            const peer = socket.remoteAddress;
            const reason = isAllowedHost(connectOptions.hostname, allow) || !peer ? null : blockedAddressReason(peer, allow);
            if (reason) {
              socket.destroy();
              return callback(new BlockedAddressError(connectOptions.hostname, reason), null);
            }
            return callback(null, socket);
          });
        },
      });
      // Closed before its first post: built closed, so the post fails as it did on a closed client.
      if (this.closed) await agent.close();
      this.agent = agent;
      return agent;
    });
    return this.building;
  }

  async post(delivery: DeliveryRequest): Promise<DeliveryResult> {
    const headers: Record<string, string> = {};
    for (const header of delivery.customHeaders ?? []) {
      if (!RESERVED_HEADERS.has(header.name.toLowerCase())) headers[header.name] = header.value;
    }
    headers['content-type'] = 'application/json';
    headers['user-agent'] = WEBHOOK_USER_AGENT;
    Object.assign(headers, delivery.signatureHeaders);
    let target = this.safeUrls.get(delivery.url);
    if (!target) {
      try {
        const url = checkWebhookUrlSyntax(delivery.url, this.options.policy);
        target = { origin: url.origin, path: `${url.pathname}${url.search}` };
      } catch (error) {
        if (error instanceof UnsafeWebhookUrlError) return failed(headers, error.message, 'other');
        throw error;
      }
      if (this.safeUrls.size >= SAFE_URLS_KEPT) this.safeUrls.clear();
      this.safeUrls.set(delivery.url, target);
    }
    // The first post loads undici before its deadline starts: the receiver is not charged for it.
    const agent = this.agent ?? (await this.buildAgent());
    const answer = await new Promise<AttemptAnswer>((resolve) => {
      // One deadline for the whole attempt (the handler's), so undici's own header and body
      // timers are off: they would only ever fire after it.
      const handler = new AttemptHandler(resolve, this.options.timeoutMs, WEBHOOK_RESPONSE_READ_LIMIT_BYTES, WEBHOOK_RESPONSE_KEEP_BYTES);
      agent.dispatch(
        { origin: target.origin, path: target.path, method: 'POST', body: delivery.body, headers, headersTimeout: 0, bodyTimeout: 0 },
        handler,
      );
    });
    return this.result(answer, headers);
  }

  private result(answer: AttemptAnswer, requestHeaders: Record<string, string>): DeliveryResult {
    const { status, headers: responseHeaders, body: responseBody } = answer;
    if (status === null || responseHeaders === null) {
      return failed(requestHeaders, describeError(answer.error, this.options.timeoutMs), isTimeout(answer.error) ? 'timeout' : 'other');
    }
    const answered = { status, responseBody, responseHeaders };
    if (WEBHOOK_SUCCESS_STATUSES.has(status)) {
      return { succeeded: true, status, responseBody, responseHeaders, error: null, failure: null, retryAfterMs: null, requestHeaders };
    }
    if (status === 429) {
      const retryAfterMs = parseRetryAfter(responseHeaders['retry-after'], new Date());
      return failed(requestHeaders, '429 Too Many Requests', 'rate-limited', { ...answered, retryAfterMs });
    }
    if (status >= 300 && status < 400) {
      return failed(requestHeaders, `redirect (${status}) to ${responseHeaders['location'] ?? 'nowhere'} not followed`, 'other', answered);
    }
    return failed(requestHeaders, `answered ${status}; only 200, 201, 202 and 204 count as delivered`, 'other', answered);
  }

  /**
   * Loads undici and builds the agent now, for a process that posts anyway (the dispatcher):
   * its first deliveries do not wait for the `require`, nor compete with it for the CPU.
   */
  async open(): Promise<void> {
    await (this.agent ?? this.buildAgent());
  }

  /** Closes the connections; a client that never posted has none (undici is not loaded for it). */
  async close(): Promise<void> {
    this.closed = true;
    if (this.building) await (await this.building).close();
  }
}
