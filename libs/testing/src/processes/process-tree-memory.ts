import { readdirSync, readFileSync } from 'node:fs';
import pidusage from 'pidusage';

/**
 * The process and every process under it (a worker's document readers, theirs), from the
 * kernel's own lists (Linux /proc/<pid>/task/<tid>/children): no `ps` to start per sample.
 */
function processTree(pid: number): number[] {
  let children: number[] = [];
  try {
    children = readdirSync(`/proc/${pid}/task`).flatMap((task) =>
      readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8')
        .split(' ')
        .map(Number)
        .filter((child) => child > 0),
    );
  } catch {
    // The process (or one of its threads) ended meanwhile: what was read counts.
  }
  return [pid, ...children.flatMap(processTree)];
}

/**
 * The resident memory of a process and all its descendants, summed (pidusage), sampled every
 * `intervalMs` from `start()` to `stop()`: the figure an operator's 1 GB limit on a container
 * would see. `peakMb` is the largest sum seen, `samples` how many sums were taken.
 */
export class ProcessTreeMemory {
  peakMb = 0;
  samples = 0;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly pid: number,
    private readonly intervalMs = 100,
  ) {}

  start(): this {
    // One sample at a time: the next is taken `intervalMs` after the last one ends.
    const next = (): void => {
      if (this.stopped) return;
      this.timer = setTimeout(() => void this.sample().then(next), this.intervalMs);
    };
    next();
    return this;
  }

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.stopped = true;
  }

  private async sample(): Promise<void> {
    if (this.stopped) return;
    // A process that ended between listing and measuring counts nothing; the others still count.
    const residents = await Promise.all(
      processTree(this.pid).map((pid) =>
        pidusage(pid).then(
          (stat) => stat.memory,
          () => 0,
        ),
      ),
    );
    this.peakMb = Math.max(this.peakMb, residents.reduce((sum, bytes) => sum + bytes, 0) / (1024 * 1024));
    this.samples += 1;
  }
}
