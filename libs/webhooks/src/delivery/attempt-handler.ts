import type { Dispatcher } from 'undici';

/** What came back from one attempt; `error` set when no complete answer came (refused, timeout, blocked). */
export interface AttemptAnswer {
  status: number | null;
  /** Names lower-cased, repeated headers joined with ", ". */
  headers: Record<string, string> | null;
  body: string | null;
  error: unknown;
}

/**
 * One attempt in flight, as undici's dispatch handler: the answer's status and headers, its
 * body up to `readLimit` bytes (a receiver streaming more is cut off: the request is aborted,
 * its connection closed), and one deadline for the whole attempt (connect, send, answer, body).
 *
 * `request()` wraps each request in a promise, an AsyncResource, an abort-signal listener and
 * a Readable stream for the body; a dispatcher posts thousands of short answers a second, and
 * those were a sixth of the CPU of a post. This keeps the answer in a few fields instead.
 */
export class AttemptHandler implements Dispatcher.DispatchHandler {
  private controller: Dispatcher.DispatchController | null = null;
  private status: number | null = null;
  private headers: Record<string, string> | null = null;
  private readonly chunks: Buffer[] = [];
  private size = 0;
  /** Set once the attempt is over (answered, failed, cut off or out of time); later callbacks change nothing. */
  private settled = false;
  /** Out of time before undici handed over the request (still waiting for a connection). */
  private timedOut: Error | null = null;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly done: (answer: AttemptAnswer) => void,
    private readonly timeoutMs: number,
    private readonly readLimit: number,
    private readonly keepBytes: number,
  ) {
    // Arguments instead of a closure: nothing is allocated per attempt for the timer beyond the timer.
    this.timer = setTimeout(expire, timeoutMs, this);
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    // A request retried on a fresh connection starts again: the latest controller is the one to abort.
    this.controller = controller;
    if (this.timedOut) controller.abort(this.timedOut);
  }

  onResponseStart(
    _controller: Dispatcher.DispatchController,
    statusCode: number,
    headers: Record<string, string | string[] | undefined>,
  ): void {
    // 1xx answers are informational: the real one follows.
    if (statusCode < 200) return;
    this.status = statusCode;
    // undici parsed these into an object of our own: repeated headers are joined in place.
    for (const name of Object.keys(headers)) {
      const value = headers[name];
      if (Array.isArray(value)) headers[name] = value.join(', ');
      else if (value === undefined) delete headers[name];
    }
    this.headers = headers as Record<string, string>;
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    if (this.settled) return;
    this.chunks.push(chunk);
    this.size += chunk.length;
    if (this.size < this.readLimit) return;
    // Enough read: what is kept is settled now, and the rest is not waited for.
    this.answer();
    controller.abort(new Error(`answer longer than ${this.readLimit} bytes, not read further`));
  }

  onResponseEnd(): void {
    if (!this.settled) this.answer();
  }

  onResponseError(_controller: Dispatcher.DispatchController | undefined, error: Error): void {
    this.finish({ status: null, headers: null, body: null, error: this.timedOut ?? error });
  }

  /** Called by the timer: the answer did not come within `timeoutMs`. */
  expire(): void {
    if (this.settled) return;
    this.timedOut = new DOMException(`no answer within ${this.timeoutMs} ms`, 'TimeoutError');
    // Not yet handed a controller: the request is aborted when undici starts it (onRequestStart).
    this.controller?.abort(this.timedOut);
  }

  private answer(): void {
    const whole = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks);
    const body = whole.length > this.keepBytes ? whole.toString('utf8', 0, this.keepBytes) : whole.toString('utf8');
    this.finish({ status: this.status, headers: this.headers ?? {}, body, error: null });
  }

  private finish(answer: AttemptAnswer): void {
    if (this.settled) return;
    this.settled = true;
    clearTimeout(this.timer);
    this.done(answer);
  }
}

function expire(handler: AttemptHandler): void {
  handler.expire();
}
