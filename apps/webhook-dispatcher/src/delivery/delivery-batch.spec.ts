import { DeliveryBatch } from './delivery-batch';

describe('DeliveryBatch', () => {
  const slowEndpoints = new Set(['slow']);
  const batchOf = (endpoints: Array<string | undefined>): { batch: DeliveryBatch; told: () => number } => {
    let told = 0;
    const batch = new DeliveryBatch(endpoints.length, {
      isSlow: (webhookId) => slowEndpoints.has(webhookId),
      heldOnlyBySlow: () => (told += 1),
    });
    endpoints.forEach((webhookId, index) => webhookId !== undefined && batch.postsTo(index, webhookId));
    return { batch, told: () => told };
  };

  it.each([
    { case: 'the fast deliveries settled, slow ones left', endpoints: ['fast', 'slow', 'fast', 'slow'], settled: [0, 2], told: 1 },
    { case: 'a fast delivery still in progress', endpoints: ['fast', 'slow', 'fast', 'slow'], settled: [0], told: 0 },
    { case: 'a job without a post still being recorded', endpoints: [undefined, 'slow', 'fast'], settled: [2], told: 0 },
    { case: 'only fast endpoints, all but one settled', endpoints: ['fast', 'fast', 'fast'], settled: [0, 1], told: 0 },
    { case: 'slow deliveries settling after the hold was told', endpoints: ['fast', 'slow', 'slow', 'slow'], settled: [0, 1, 2], told: 1 },
  ])('tells that only slow endpoints hold it: $case', ({ endpoints, settled, told }) => {
    const { batch, told: toldCount } = batchOf(endpoints);
    for (const index of settled) batch.settle(index, 'succeeded');
    expect(toldCount()).toBe(told);
  });

  it('tells when looked at from outside, for a batch whose only posts hang and so never settle', () => {
    const { batch, told } = batchOf(['slow', 'slow']);
    batch.tellIfHeldOnlyBySlow();
    batch.tellIfHeldOnlyBySlow();
    expect(told()).toBe(1);
    const { batch: fastToo, told: fastTold } = batchOf(['slow', 'fast']);
    fastToo.tellIfHeldOnlyBySlow();
    expect(fastTold()).toBe(0);
  });

  it('resolves with every outcome in the order of its jobs once the last one settles', async () => {
    const { batch, told } = batchOf(['slow', 'fast']);
    batch.settle(1, 'succeeded');
    batch.settle(0, 'endpoint-busy');
    await expect(batch.done).resolves.toEqual(['endpoint-busy', 'succeeded']);
    expect(told()).toBe(1);
  });
});
