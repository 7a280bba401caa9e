import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chmod, chown, copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './free-port';
import { serverOwner } from './server-owner';
import type { ServerOwner } from './server-owner';

const run = promisify(execFile);
const POSTGRES_LIB = '/usr/lib/postgresql';

export interface TestPostgresOptions {
  /** Server certificate and key (PEM files), copied into the data folder; TLS is on with them. */
  tls?: { certFile: string; keyFile: string };
  /** With `tls`: refuse connections that are not TLS (`hostnossl … reject`). */
  tlsOnly?: boolean;
  /** Loopback addresses it listens on (Linux answers on all of 127.0.0.0/8); `127.0.0.1` when absent. */
  addresses?: readonly string[];
}

/** Debian's newest installed PostgreSQL server binaries. */
function binDir(): string {
  const versions = existsSync(POSTGRES_LIB) ? readdirSync(POSTGRES_LIB) : [];
  const newest = versions
    .filter((version) => existsSync(path.join(POSTGRES_LIB, version, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a))[0];
  if (newest === undefined) throw new Error(`no PostgreSQL server binaries under ${POSTGRES_LIB}`);
  return path.join(POSTGRES_LIB, newest, 'bin');
}

/**
 * A PostgreSQL server of a test's own (never the machine's shared one on 5432, which other tests
 * use and nobody reconfigures): a fresh cluster in a temporary folder, on a free loopback port,
 * trust authentication, optionally TLS with the test's certificates. `stop()` ends it and
 * removes the folder.
 */
export class TestPostgresServer {
  private constructor(
    readonly port: number,
    private readonly dir: string,
    private readonly owner: ServerOwner,
  ) {}

  static async start(options: TestPostgresOptions = {}): Promise<TestPostgresServer> {
    const owner = serverOwner();
    const dir = await mkdtemp(path.join(tmpdir(), 'qs-pg-'));
    const data = path.join(dir, 'data');
    const asOwner = { uid: owner.uid, gid: owner.gid, cwd: dir };
    await own(dir, owner);
    const bin = binDir();
    await run(path.join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync'], asOwner);
    const addresses = (options.addresses ?? ['127.0.0.1']).join(',');
    const settings = ['-c', `listen_addresses='${addresses}'`, '-c', `unix_socket_directories=${dir}`, '-c', 'fsync=off'];
    if (options.tls) {
      for (const [from, to] of [
        [options.tls.certFile, 'server.crt'],
        [options.tls.keyFile, 'server.key'],
      ] as const) {
        await copyFile(from, path.join(data, to));
        // Postgres refuses a key others may read.
        await chmod(path.join(data, to), 0o600);
        await own(path.join(data, to), owner);
      }
      settings.push('-c', 'ssl=on', '-c', 'ssl_cert_file=server.crt', '-c', 'ssl_key_file=server.key');
    }
    const hba =
      options.tls && options.tlsOnly
        ? ['hostssl all all 127.0.0.0/8 trust', 'hostnossl all all 127.0.0.0/8 reject']
        : ['host all all 127.0.0.0/8 trust'];
    await writeFile(path.join(data, 'pg_hba.conf'), `local all all trust\n${hba.join('\n')}\n`);
    const port = await freePort();
    settings.push('-c', `port=${port}`);
    await run(
      path.join(bin, 'pg_ctl'),
      ['-D', data, '-l', path.join(dir, 'server.log'), '-w', '-t', '60', '-o', settings.join(' '), 'start'],
      asOwner,
    );
    return new TestPostgresServer(port, dir, owner);
  }

  /** A URL of this server for `database` (trust: no password). */
  url(database = 'postgres', host = '127.0.0.1'): string {
    return `postgres://postgres@${host}:${this.port}/${database}`;
  }

  async stop(): Promise<void> {
    const data = path.join(this.dir, 'data');
    await run(path.join(binDir(), 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop'], {
      uid: this.owner.uid,
      gid: this.owner.gid,
      cwd: this.dir,
    }).catch(() => undefined);
    await rm(this.dir, { recursive: true, force: true });
  }

  /** The server's log so far, for a failing test's message. */
  async log(): Promise<string> {
    return readFile(path.join(this.dir, 'server.log'), 'utf8').catch(() => '');
  }
}

async function own(target: string, owner: ServerOwner): Promise<void> {
  if (owner.uid !== undefined && owner.gid !== undefined) await chown(target, owner.uid, owner.gid);
}
