import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { chown, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { freePort } from './free-port';
import { serverOwner } from './server-owner';

const PGBOUNCER = '/usr/sbin/pgbouncer';

export interface TestPgBouncerOptions {
  /** The PostgreSQL it pools (trust authentication, user postgres). */
  serverPort: number;
  poolMode: 'session' | 'transaction';
  /** Server connections per database and user: few, so clients share them. */
  poolSize: number;
}

/**
 * Debian's PgBouncer (`apt-get install pgbouncer`) started by a test on a free loopback port,
 * in front of a PostgreSQL on loopback, every database passed through, trust authentication.
 * `stop()` ends it and removes its folder.
 */
export class TestPgBouncer {
  private constructor(
    readonly port: number,
    private readonly dir: string,
    private readonly child: ChildProcess,
    private readonly exited: Promise<void>,
  ) {}

  static async start(options: TestPgBouncerOptions): Promise<TestPgBouncer> {
    const owner = serverOwner();
    const dir = await mkdtemp(path.join(tmpdir(), 'qs-pgbouncer-'));
    const port = await freePort();
    const config = path.join(dir, 'pgbouncer.ini');
    await writeFile(path.join(dir, 'users.txt'), '"postgres" ""\n');
    await writeFile(
      config,
      [
        '[databases]',
        `* = host=127.0.0.1 port=${options.serverPort}`,
        '[pgbouncer]',
        'listen_addr = 127.0.0.1',
        `listen_port = ${port}`,
        'unix_socket_dir =',
        'auth_type = trust',
        `auth_file = ${path.join(dir, 'users.txt')}`,
        `pool_mode = ${options.poolMode}`,
        `default_pool_size = ${options.poolSize}`,
        'max_client_conn = 500',
        'admin_users = postgres',
        `logfile = ${path.join(dir, 'pgbouncer.log')}`,
        '',
      ].join('\n'),
    );
    if (owner.uid !== undefined && owner.gid !== undefined) {
      for (const file of [dir, config, path.join(dir, 'users.txt')]) await chown(file, owner.uid, owner.gid);
    }
    const child = spawn(PGBOUNCER, [config], { uid: owner.uid, gid: owner.gid, cwd: dir, stdio: 'ignore' });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const bouncer = new TestPgBouncer(port, dir, child, exited);
    await bouncer.waitListening();
    return bouncer;
  }

  url(database: string): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  /** A command of PgBouncer's admin console (`SHOW POOLS`, `SHOW STATS`, …): its rows. */
  async admin<T>(command: string): Promise<T[]> {
    const client = new Client({ connectionString: this.url('pgbouncer') });
    await client.connect();
    try {
      // The admin console speaks only the simple protocol: no parameters.
      return (await client.query(command)).rows as T[];
    } finally {
      await client.end();
    }
  }

  async log(): Promise<string> {
    return readFile(path.join(this.dir, 'pgbouncer.log'), 'utf8').catch(() => '');
  }

  async stop(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGTERM');
    await this.exited;
    await rm(this.dir, { recursive: true, force: true });
  }

  private async waitListening(): Promise<void> {
    let exited = false;
    void this.exited.then(() => {
      exited = true;
    });
    for (let attempt = 0; attempt < 200 && !exited; attempt++) {
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
    throw new Error(`PgBouncer did not listen on ${this.port}:\n${await this.log()}`);
  }
}
