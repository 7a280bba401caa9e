import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { compiledNodeFlags } from '@quayside/runtime';

export { compiledNodeFlags };
export const ROOT = path.resolve(__dirname, '..', '..');
export type AppName = 'api' | 'tracker-worker' | 'webhook-dispatcher';

/** A free TCP port on loopback, so parallel runs never collide. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** One of the three apps as its own OS process, exactly as `npm start` (or `npm run start:prod`) runs it. */
export class AppProcess {
  readonly output: string[] = [];
  private readonly child: ChildProcess;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

  constructor(
    readonly app: AppName,
    env: Record<string, string>,
    /**
     * `compiled`: run the production build in dist/ with plain node, as `npm run start:prod` (tools/start.js --compiled) does;
     * `cwd`: from another folder holding dist/ and its node_modules (the repository by default).
     */
    options: { compiled?: boolean; cwd?: string } = {},
  ) {
    const args = options.compiled
      ? [...compiledNodeFlags(app), `dist/apps/${app}/src/main.js`]
      : ['-r', '@swc-node/register', `apps/${app}/src/main.ts`];
    this.child = spawn(process.execPath, args, {
      cwd: options.cwd ?? ROOT,
      env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'info', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer): void => {
      this.output.push(chunk.toString('utf8'));
    };
    this.child.stdout?.on('data', keep);
    this.child.stderr?.on('data', keep);
    this.exited = new Promise((resolve) => this.child.once('exit', (code, signal) => resolve({ code, signal })));
  }

  /** The OS process id, for looking at it from outside (e.g. under /proc). */
  get pid(): number {
    if (this.child.pid === undefined) throw new Error(`${this.app} did not start`);
    return this.child.pid;
  }

  get text(): string {
    return this.output.join('');
  }

  /** Polls a readiness URL until it answers 200 or the process dies. */
  async waitReady(url: string, timeoutMs = 120_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    let dead = false;
    void this.exited.then(() => {
      dead = true;
    });
    while (Date.now() < deadline && !dead) {
      try {
        const response = await fetch(url);
        if (response.ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`${this.app} not ready at ${url}${dead ? ' (process exited)' : ''}:\n${this.text.slice(-3000)}`);
  }

  /** Reads the worker's health address from its start-up log line. */
  async opsUrl(timeoutMs = 120_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const match = /health on (http:\/\/[\d.]+:\d+)\/health\/ready/.exec(this.text);
      if (match?.[1]) return match[1];
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`${this.app} printed no health address:\n${this.text.slice(-3000)}`);
  }

  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill(signal);
    return this.exited;
  }
}
