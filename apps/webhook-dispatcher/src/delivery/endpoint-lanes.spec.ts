import { EndpointLanes } from './endpoint-lanes';
import type { LaneTask } from './endpoint-lanes';

/** A delivery whose receiver answers when the test says so. */
class HeldDelivery implements LaneTask {
  posted = false;
  /** The delay it was postponed by (undefined: the default one), or null while not postponed. */
  postponedFor: number | undefined | null = null;
  private answer: (() => void) | null = null;

  post(): Promise<void> {
    this.posted = true;
    return new Promise((resolve) => (this.answer = resolve));
  }

  busy(delayMs?: number): void {
    this.postponedFor = delayMs;
  }

  answered(): void {
    this.answer?.();
  }
}

const deliveries = (count: number): HeldDelivery[] => Array.from({ length: count }, () => new HeldDelivery());
const settle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
/** The slots of this process only: every lease asked for is free. */
const leases = () => ({
  acquireMany: async (_webhookId: string, wanted: number) => Array.from({ length: wanted }, () => ({ release: async () => undefined })),
});
const OPTIONS = { cap: 2, slowMs: 500, maxWaitMs: 1_000, leaseHoldMs: 5_000, maxPostponeMs: 3_000 };

describe('EndpointLanes pacing of a slow endpoint', () => {
  let clock: number;
  let lanes: EndpointLanes;
  const all: HeldDelivery[] = [];

  beforeEach(() => {
    clock = 1_000_000;
    lanes = new EndpointLanes(leases(), { ...OPTIONS, now: () => clock });
  });

  afterEach(() => {
    lanes.close();
    for (const delivery of all.splice(0)) delivery.answered();
  });

  const submit = async (webhookId: string, count: number): Promise<HeldDelivery[]> => {
    const batch = deliveries(count);
    all.push(...batch);
    lanes.submit(webhookId, batch);
    await settle();
    return batch;
  };

  it('postpones what a slow endpoint cannot take one free slot apart, not all to the same moment', async () => {
    const first = await submit('slow', 2);
    expect(first.every((delivery) => delivery.posted)).toBe(true);
    // Both posts have been waiting 600 ms: the endpoint is slow, a slot frees every 600 ÷ 2 ms.
    clock += 600;

    const next = await submit('slow', 10);
    // What the two slots can post within maxWaitMs waits in the lane; the rest is paced.
    expect(next.slice(0, 4).map((delivery) => delivery.postponedFor)).toEqual([null, null, null, null]);
    expect(next.slice(4).map((delivery) => delivery.postponedFor)).toEqual([300, 600, 900, 1_200, 1_500, 1_800]);

    // A second later the posts have waited 1.6 s (a slot every 800 ms): the next batch goes on
    // from the last delivery postponed (due 1.8 s after the first batch, 0.8 s from now), up to maxPostponeMs.
    clock += 1_000;
    const later = await submit('slow', 6);
    expect(later.map((delivery) => delivery.postponedFor)).toEqual([1_600, 2_400, 3_000, 3_000, 3_000, 3_000]);
  });

  it('caps a postponement at maxPostponeMs', async () => {
    await submit('slow', 2);
    clock += 1_000;
    const next = await submit('slow', 12);
    const delays = next.flatMap((delivery) =>
      delivery.postponedFor === null || delivery.postponedFor === undefined ? [] : [delivery.postponedFor],
    );
    expect(delays.length).toBeGreaterThan(4);
    expect(Math.max(...delays)).toBe(3_000);
    expect(delays).toEqual([...delays].sort((a, b) => a - b));
  });

  it('postpones, soon after its first posts hang, what the lane took before the endpoint showed it was slow', async () => {
    lanes.close();
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask', 'Date', 'performance'] });
    try {
      lanes = new EndpointLanes(leases(), { ...OPTIONS, now: () => clock });
      const taken = await submit('slow', 12);
      expect(taken.filter((delivery) => delivery.posted)).toHaveLength(2);
      expect(taken.every((delivery) => delivery.postponedFor === null)).toBe(true);

      clock += 600;
      jest.advanceTimersByTime(250);
      const queued = taken.slice(2);
      // Two slots posting every 600 ms can take 4 within maxWaitMs; the other 6 are paced.
      expect(queued.slice(0, 4).map((delivery) => delivery.postponedFor)).toEqual([null, null, null, null]);
      expect(queued.slice(4).map((delivery) => delivery.postponedFor)).toEqual([300, 600, 900, 1_200, 1_500, 1_800]);
    } finally {
      jest.useRealTimers();
    }
  });

  it.each([
    // [ms the posts have been in flight, slow at slowMs (500), slow at 100 ms (a batch leaves the gate)]
    [50, false, false],
    [150, false, true],
    [600, true, true],
  ])('with posts in flight for %i ms, tells the endpoint slow (%s) and keeping batches waiting (%s)', async (waitedMs, slow, holding) => {
    const posted = await submit('hanging', 2);
    clock += waitedMs;
    expect(lanes.isSlow('hanging')).toBe(slow);
    expect(lanes.isSlow('hanging', 100)).toBe(holding);
    expect(posted.every((delivery) => delivery.posted && delivery.postponedFor === null)).toBe(true);
    // An endpoint this process has no lane for keeps nothing waiting.
    expect(lanes.isSlow('unknown', 100)).toBe(false);
  });

  it('queues everything for an endpoint that answers fast, whatever the backlog', async () => {
    const first = await submit('fast', 2);
    for (const delivery of first) delivery.answered();
    await settle();
    const next = await submit('fast', 50);
    expect(next.every((delivery) => delivery.postponedFor === null)).toBe(true);
  });
});
