import { CpuUsage, machineTicks, processTicks } from './process-cpu';

const stat = (name: string, utime: number, stime: number): string =>
  `4242 (${name}) S 1 4242 4242 0 -1 4194560 1200 0 3 0 ${utime} ${stime} 0 0 20 0 11 0 73224 1093459968 40000 18446744073709551615 1 1 0 0 0 0 0 16781312 17990 0 0 0 17 1 0 0 0 0 0`;

describe('processTicks', () => {
  it.each([
    ['a plain name', stat('node', 150, 30), 180],
    ['a name with spaces and parentheses', stat('postgres: bench (x) idle', 7, 3), 10],
    ['nothing used yet', stat('cat', 0, 0), 0],
  ])('%s', (_name, line, expected) => {
    expect(processTicks(line)).toBe(expected);
  });

  it('refuses what is not a stat line', () => {
    expect(() => processTicks('no such process')).toThrow(RangeError);
  });
});

describe('machineTicks', () => {
  it.each([
    ['idle and iowait are not busy', 'cpu  100 5 20 300 40 1 2 3 0 0\ncpu0 50 0 10 150 20 0 1 1 0 0', { total: 471, busy: 131 }],
    ['a kernel without the later columns', 'cpu  10 0 10 80', { total: 100, busy: 20 }],
  ])('%s', (_name, text, expected) => {
    expect(machineTicks(text)).toEqual(expected);
  });
});

describe('CpuUsage', () => {
  it('adds each process its ticks since it was last seen, in cores of the machine', () => {
    // Two cores, 100 ticks a second each: 200 machine ticks per second of wall time.
    const files = new Map<string, string>();
    const usage = new CpuUsage(2, (path) => {
      const text = files.get(path);
      if (text === undefined) throw new Error(`ENOENT ${path}`);
      return text;
    });
    const groups = new Map([
      ['workers', [1, 2]],
      ['postgres', [3]],
    ]);
    files.set('/proc/stat', 'cpu  0 0 0 0 0 0 0 0');
    files.set('/proc/1/stat', stat('node', 100, 0));
    files.set('/proc/2/stat', stat('node', 50, 0));
    usage.sample(groups);
    // One second later: worker 1 used a whole core, worker 2 half of one; process 3 appears.
    files.set('/proc/stat', 'cpu  150 0 0 50 0 0 0 0');
    files.set('/proc/1/stat', stat('node', 200, 0));
    files.set('/proc/2/stat', stat('node', 100, 0));
    files.set('/proc/3/stat', stat('postgres', 500, 0));
    usage.sample(groups);
    // Another second: worker 2 is gone; process 3 used a quarter of a core.
    files.set('/proc/stat', 'cpu  250 0 0 150 0 0 0 0');
    files.set('/proc/1/stat', stat('node', 300, 0));
    files.delete('/proc/2/stat');
    files.set('/proc/3/stat', stat('postgres', 525, 0));
    usage.sample(groups);
    const figures = usage.figures();
    expect(figures.busyCores).toBeCloseTo(1.25, 9);
    expect(figures.byGroup.get('workers')).toBeCloseTo(1.25, 9);
    expect(figures.byGroup.get('postgres')).toBeCloseTo(0.125, 9);
  });
});
