import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { freePort, spawnApp, stopChild, waitUntilServing } from '../support/child-process';
import type { AppName } from '../support/child-process';
import { APPS } from './memory-budget';

/** Seconds between two readings of the idle phase. */
const READING_EVERY_SECONDS = 5;

/** What an app holds resident now (Linux `VmRSS`, in MB); null where /proc is not there. */
function residentMb(child: ChildProcess): number | null {
  try {
    const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

export interface IdleReading {
  app: AppName;
  /** The last reading, `seconds` after all three answered ready. */
  lastMb: number | null;
  /** The lowest and highest reading of the phase. */
  rangeMb: [number, number] | null;
}

/**
 * The three compiled apps side by side, as deployed (`spawnApp`: dist/ with their flags), on the
 * bench's database and Redis prefix, with no traffic: once each answers ready, their `VmRSS` is
 * read every few seconds for `seconds`. The last reading is what the budget is held to: V8's memory
 * reducer shrinks a heap some time after boot (sooner on a quiet machine), so the range says how
 * much the figure moved in the phase.
 */
export async function measureIdleMemory(env: Record<string, string>, seconds: number): Promise<IdleReading[]> {
  const started: Array<{ app: AppName; child: ChildProcess; ready: string }> = [];
  try {
    for (const app of APPS) {
      const port = await freePort();
      // The api serves its health on its own port, the workers on their ops port.
      const listen: Record<string, string> = app === 'api' ? { PORT: String(port), HOST: '127.0.0.1' } : { OPS_PORT: String(port) };
      started.push({ app, child: spawnApp(app, { ...env, ...listen }), ready: `http://127.0.0.1:${port}/health/ready` });
    }
    for (const { child, ready } of started) await waitUntilServing(ready, child, 240_000);
    const readings = new Map<AppName, number[]>(APPS.map((app) => [app, []]));
    for (let elapsed = 0; elapsed < seconds; elapsed += READING_EVERY_SECONDS) {
      await new Promise((done) => setTimeout(done, Math.min(READING_EVERY_SECONDS, seconds - elapsed) * 1000));
      for (const { app, child } of started) {
        const reading = residentMb(child);
        if (reading !== null) readings.get(app)?.push(reading);
      }
    }
    return APPS.map((app) => {
      const values = readings.get(app) ?? [];
      return {
        app,
        lastMb: values.at(-1) ?? null,
        rangeMb: values.length === 0 ? null : [Math.min(...values), Math.max(...values)],
      };
    });
  } finally {
    for (const { child } of started) await stopChild(child);
  }
}
