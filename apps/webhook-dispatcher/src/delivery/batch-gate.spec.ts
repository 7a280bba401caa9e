import { BatchGate } from './batch-gate';

describe('BatchGate', () => {
  it('lets in as many as it has places, then each one left lets the longest waiting in', async () => {
    const gate = new BatchGate(2);
    const entered: number[] = [];
    const enter = (id: number): Promise<void> => gate.enter().then(() => void entered.push(id));
    const all = [enter(1), enter(2), enter(3), enter(4)];
    await new Promise((resolve) => setImmediate(resolve));
    expect(entered).toEqual([1, 2]);

    gate.leave();
    await new Promise((resolve) => setImmediate(resolve));
    expect(entered).toEqual([1, 2, 3]);
    gate.leave();
    await Promise.all(all);
    expect(entered).toEqual([1, 2, 3, 4]);

    // Places given back with nobody waiting are there for the next ones.
    gate.leave();
    gate.leave();
    gate.leave();
    await Promise.all([enter(5), enter(6)]);
    expect(entered).toEqual([1, 2, 3, 4, 5, 6]);
  });
});
