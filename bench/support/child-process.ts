import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { request } from 'undici';
import { compiledNodeFlags } from '@quayside/runtime';

/** The repository root: children run with it as working directory, as `npm start` runs them. */
export const ROOT = resolve(__dirname, '../..');

export interface ChildOptions {
  /** Path from the repository root of a TypeScript entry point. */
  script: string;
  args?: string[];
  env: Record<string, string>;
  /** Extra `-r` preloads after the TypeScript hook. */
  preload?: string[];
}

/**
 * A TypeScript entry point in a process of its own (`node -r @swc-node/register`), so the
 * load generator and the server under test never share an event loop. Its stderr is passed
 * through, so a crash says why.
 */
export function spawnTypeScript(options: ChildOptions): ChildProcess {
  const preloads = ['@swc-node/register', ...(options.preload ?? [])].flatMap((module) => ['-r', module]);
  return spawn(process.execPath, [...preloads, options.script, ...(options.args ?? [])], {
    cwd: ROOT,
    env: options.env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

export type AppName = 'api' | 'tracker-worker' | 'webhook-dispatcher';

/**
 * A Quayside app from the production build (`dist/`, built once by the run), with the flags
 * `npm run start:prod` and the image give it: what the bench measures is what is deployed.
 */
export function spawnApp(app: AppName, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, [...compiledNodeFlags(app), `dist/apps/${app}/src/main.js`], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** The most memory a child has held so far (Linux `VmHWM`, in MB); null where /proc is not there. */
export function peakRssMb(child: ChildProcess): number | null {
  try {
    const match = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** Polls `url` until it answers 200; fails at once when the child exits, or after `timeoutMs`. */
export async function waitUntilServing(url: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${url}: the process exited (${child.exitCode ?? child.signalCode}) before serving`);
    try {
      const response = await request(url, { headersTimeout: 2_000, bodyTimeout: 2_000 });
      await response.body.dump();
      if (response.statusCode === 200) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`${url}: not serving after ${timeoutMs} ms`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

/** SIGTERM (graceful shutdown), then SIGKILL if it is still there after `graceMs`. */
export async function stopChild(child: ChildProcess, graceMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

/** A port free on 127.0.0.1 right now (the child binds it a moment later). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}
