import { readFileSync } from 'node:fs';

/**
 * CPU time a process has used, in clock ticks (user + system: fields 14 and 15 of
 * `/proc/<pid>/stat`, proc(5)); the name field may hold spaces and parentheses, so the fields
 * are counted after its last `)`.
 */
export function processTicks(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // fields[0] is field 3 (state): utime is field 14, stime field 15.
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  if (!Number.isFinite(utime) || !Number.isFinite(stime)) throw new RangeError(`not a /proc/<pid>/stat line: ${stat.slice(0, 80)}`);
  return utime + stime;
}

/** The machine's CPU time in clock ticks from `/proc/stat`'s `cpu` line: all of it, and the busy part (all but idle and iowait). */
export function machineTicks(stat: string): { total: number; busy: number } {
  const line = stat.split('\n').find((row) => row.startsWith('cpu '));
  if (line === undefined) throw new RangeError('no cpu line in /proc/stat');
  // user nice system idle iowait irq softirq steal (guest time is already inside user and nice).
  const values = line.trim().split(/\s+/).slice(1, 9).map(Number);
  const total = values.reduce((sum, value) => sum + value, 0);
  return { total, busy: total - values[3]! - (values[4] ?? 0) };
}

/**
 * CPU used by groups of processes between samples, in cores (1 = one core busy all the time),
 * and by the whole machine: each process's ticks since it was last seen are added to its group;
 * a process first seen counts from then on, one gone counts until its last sample.
 */
export class CpuUsage {
  private readonly lastTicks = new Map<number, number>();
  private readonly ticksByGroup = new Map<string, number>();
  private firstMachine: { total: number; busy: number } | null = null;
  private lastMachine: { total: number; busy: number } | null = null;

  constructor(
    private readonly cores: number,
    private readonly read: (path: string) => string = (path) => readFileSync(path, 'utf8'),
  ) {}

  sample(groups: ReadonlyMap<string, readonly number[]>): void {
    const machine = machineTicks(this.read('/proc/stat'));
    this.firstMachine ??= machine;
    this.lastMachine = machine;
    for (const [group, pids] of groups)
      for (const pid of pids) {
        let ticks: number;
        try {
          ticks = processTicks(this.read(`/proc/${pid}/stat`));
        } catch {
          continue; // gone since it was listed
        }
        const last = this.lastTicks.get(pid);
        this.lastTicks.set(pid, ticks);
        if (last !== undefined) this.ticksByGroup.set(group, (this.ticksByGroup.get(group) ?? 0) + ticks - last);
      }
  }

  /** Cores used since the first sample: the machine's busy ones and each group's. */
  figures(): { cores: number; busyCores: number; byGroup: Map<string, number> } {
    const first = this.firstMachine;
    const last = this.lastMachine;
    const elapsed = first === null || last === null ? 0 : last.total - first.total;
    // The machine's ticks over the interval are cores × seconds × USER_HZ, the unit of the processes' ticks too.
    const inCores = (ticks: number): number => (elapsed === 0 ? 0 : (ticks * this.cores) / elapsed);
    return {
      cores: this.cores,
      busyCores: first === null || last === null ? 0 : inCores(last.busy - first.busy),
      byGroup: new Map([...this.ticksByGroup].map(([group, ticks]) => [group, inCores(ticks)])),
    };
  }
}
