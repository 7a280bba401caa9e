import { LimiterCallQueue } from './limiter-call-queue';

/** A call the test answers by hand, so nothing depends on how fast the machine is. */
function heldCall<T>(): { call: () => Promise<T>; answer: (value: T) => void; fail: (error: Error) => void } {
  let answer!: (value: T) => void;
  let fail!: (error: Error) => void;
  const promise = new Promise<T>((resolve, reject) => {
    answer = resolve;
    fail = reject;
  });
  return { call: () => promise, answer, fail };
}

describe('LimiterCallQueue: a bounded wait for the rate limiter’s answer', () => {
  it('waits for a slow answer and hands it over', async () => {
    const queue = new LimiterCallQueue({ maxPending: 2, timeoutMs: 60_000 });
    const held = heldCall<string>();
    const outcome = queue.run(held.call);
    expect(queue.pending).toBe(1);
    held.answer('admitted');
    await expect(outcome).resolves.toEqual({ kind: 'answered', value: 'admitted' });
    expect(queue.pending).toBe(0);
  });

  it('sheds a call at once when maxPending calls are waiting, and takes calls again once one is answered', async () => {
    const queue = new LimiterCallQueue({ maxPending: 2, timeoutMs: 60_000 });
    const first = heldCall<number>();
    const second = heldCall<number>();
    const waiting = [queue.run(first.call), queue.run(second.call)];
    let asked = false;
    await expect(
      queue.run(async () => {
        asked = true;
        return 3;
      }),
    ).resolves.toEqual({ kind: 'shed', reason: 'queue_full' });
    // A shed call never reaches Redis, so it is never counted against the bucket.
    expect(asked).toBe(false);
    first.answer(1);
    await expect(waiting[0]).resolves.toEqual({ kind: 'answered', value: 1 });
    await expect(queue.run(async () => 4)).resolves.toEqual({ kind: 'answered', value: 4 });
    second.answer(2);
    await expect(waiting[1]).resolves.toEqual({ kind: 'answered', value: 2 });
    expect(queue.pending).toBe(0);
  });

  it('sheds a call Redis has not answered within the timeout (refused, never admitted) and frees its place', async () => {
    const queue = new LimiterCallQueue({ maxPending: 1, timeoutMs: 20 });
    const never = heldCall<string>();
    await expect(queue.run(never.call)).resolves.toEqual({ kind: 'shed', reason: 'too_slow' });
    expect(queue.pending).toBe(0);
    await expect(queue.run(async () => 'next')).resolves.toEqual({ kind: 'answered', value: 'next' });
  });

  it('reports a call Redis refused (connection down) as failed, with its error', async () => {
    const queue = new LimiterCallQueue({ maxPending: 1, timeoutMs: 60_000 });
    const refused = heldCall<string>();
    const outcome = queue.run(refused.call);
    refused.fail(new Error("Stream isn't writeable and enableOfflineQueue options is false"));
    await expect(outcome).resolves.toEqual({
      kind: 'failed',
      error: new Error("Stream isn't writeable and enableOfflineQueue options is false"),
    });
    expect(queue.pending).toBe(0);
  });
});
