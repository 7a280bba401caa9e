import { execFile, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './free-port';

const run = promisify(execFile);

export interface TestRedisOptions {
  /** TLS only (no plain port): the server's certificate and key, PEM files. */
  tls?: { certFile: string; keyFile: string };
  /** An ACL user with every right; the `default` user is then turned off, so a client must log in. */
  user?: { name: string; password: string };
  /** A Redis Cluster node (`cluster-enabled yes`); TestRedisCluster joins them. */
  cluster?: boolean;
  /** The port to listen on (e.g. a server started again where a stopped one was); a free one when absent. */
  port?: number;
}

/**
 * Debian's redis-server (7) started by a test on a free loopback port, in a temporary folder of
 * its own, nothing persisted: never the machine's shared server on 6379, which other tests use
 * and nobody reconfigures or stops. `stop()` ends it and removes the folder.
 */
export class TestRedisServer {
  private constructor(
    readonly port: number,
    private readonly options: TestRedisOptions,
    private readonly dir: string,
    private readonly child: ChildProcess,
    private readonly exited: Promise<void>,
  ) {}

  static async start(options: TestRedisOptions = {}): Promise<TestRedisServer> {
    const dir = await mkdtemp(path.join(tmpdir(), 'qs-redis-'));
    const port = options.port ?? (await freePort());
    const args = ['--bind', '127.0.0.1', '--dir', dir, '--logfile', path.join(dir, 'redis.log'), '--save', '', '--appendonly', 'no'];
    args.push(...(options.tls ? ['--port', '0', '--tls-port', String(port)] : ['--port', String(port)]));
    if (options.tls) {
      // Clients are not asked for certificates: they log in with the ACL user.
      args.push('--tls-cert-file', options.tls.certFile, '--tls-key-file', options.tls.keyFile, '--tls-auth-clients', 'no');
      if (options.cluster) args.push('--tls-cluster', 'yes', '--tls-replication', 'yes');
    }
    if (options.user) {
      args.push('--user', 'default', 'off', '--user', options.user.name, 'on', `>${options.user.password}`, '~*', '&*', '+@all');
    }
    if (options.cluster) {
      args.push('--cluster-enabled', 'yes', '--cluster-config-file', path.join(dir, 'nodes.conf'), '--cluster-node-timeout', '5000');
    }
    const child = spawn('redis-server', args, { cwd: dir, stdio: 'ignore' });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const server = new TestRedisServer(port, options, dir, child, exited);
    await server.waitListening();
    return server;
  }

  get host(): string {
    return '127.0.0.1';
  }

  /** `redis://` (or `rediss://` with TLS), with the ACL user's name and password when there is one. */
  url(): string {
    const scheme = this.options.tls ? 'rediss' : 'redis';
    const login = this.options.user
      ? `${encodeURIComponent(this.options.user.name)}:${encodeURIComponent(this.options.user.password)}@`
      : '';
    return `${scheme}://${login}127.0.0.1:${this.port}`;
  }

  /** Runs `redis-cli` against this server (plain, no TLS): its output. */
  async cli(...args: string[]): Promise<string> {
    if (this.options.tls) throw new Error('cli() speaks plain TCP only');
    const login = this.options.user ? ['--user', this.options.user.name, '--pass', this.options.user.password, '--no-auth-warning'] : [];
    return (await run('redis-cli', ['-h', '127.0.0.1', '-p', String(this.port), ...login, ...args])).stdout;
  }

  async log(): Promise<string> {
    return readFile(path.join(this.dir, 'redis.log'), 'utf8').catch(() => '');
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Ends the server (SIGKILL: as a crash or a lost node looks to its clients); `remove` deletes its folder too. */
  async stop(remove = true): Promise<void> {
    if (this.running) this.child.kill('SIGKILL');
    await this.exited;
    if (remove) await rm(this.dir, { recursive: true, force: true });
  }

  private async waitListening(): Promise<void> {
    let exited = false;
    void this.exited.then(() => {
      exited = true;
    });
    for (let attempt = 0; attempt < 400 && !exited; attempt++) {
      const open = await new Promise<boolean>((resolve) => {
        const socket = connect(this.port, '127.0.0.1');
        socket.once('connect', () => {
          socket.destroy();
          resolve(true);
        });
        socket.once('error', () => resolve(false));
      });
      if (open) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`redis-server did not listen on ${this.port}:\n${await this.log()}`);
  }
}
