type Listener = () => void;

/**
 * One deadline for a whole attempt (connect, send, answer, body), handed to undici as its
 * `signal`, which may be an EventEmitter-like object. An AbortController and its AbortSignal
 * (an EventTarget) took 5–8 % of the CPU of a post in the bench's sign + post loop (creating
 * them, adding and removing the listener); this does the same with one timer and an array.
 * Call `clear()` once the attempt is over.
 */
export class AttemptDeadline {
  aborted = false;
  reason: Error | undefined = undefined;
  private listeners: Listener[] = [];
  private readonly timer: NodeJS.Timeout;

  constructor(timeoutMs: number) {
    this.timer = setTimeout(() => {
      this.aborted = true;
      this.reason = new DOMException(`no answer within ${timeoutMs} ms`, 'TimeoutError');
      const listeners = this.listeners;
      this.listeners = [];
      for (const listener of listeners) listener();
    }, timeoutMs);
  }

  on(event: string, listener: Listener): this {
    if (event === 'abort') this.listeners.push(listener);
    return this;
  }

  /** Fires at most once anyway. */
  once(event: string, listener: Listener): this {
    return this.on(event, listener);
  }

  removeListener(event: string, listener: Listener): this {
    if (event === 'abort') this.listeners = this.listeners.filter((kept) => kept !== listener);
    return this;
  }

  clear(): void {
    clearTimeout(this.timer);
    this.listeners = [];
  }
}
