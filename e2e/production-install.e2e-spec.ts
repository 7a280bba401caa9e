import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { dropDatabase, withAdminClient, withDatabaseName } from '@quayside/data-access';
import { TEST_SERVER_URL, testRedisPrefix } from '@quayside/testing';
import { AppProcess, freePort, ROOT } from './support/app-process';
import type { AppName } from './support/app-process';
import { deleteRedisKeys } from './support/redis-prefix-cleanup';

/**
 * The production build installed as an operator installs it: dist/ with package.json and the
 * lockfile in a folder of its own, `npm ci --omit=dev` there (from the local npm cache where it
 * has the packages, else the registry), and the three compiled apps started from that folder
 * answer ready. What the build tools, test runners and test helpers are is checked by their
 * absence: none is installed, none is in dist/, and the apps start all the same.
 */

// Generous bounds for a loaded machine: they catch an install or a process that never ends, nothing more.
jest.setTimeout(900_000);

const APPS: AppName[] = ['api', 'tracker-worker', 'webhook-dispatcher'];
/** Development dependencies the compiled apps must not need (build tools and test runners). */
const DEV_ONLY = ['@swc/core', '@swc-node/register', '@swc/jest', 'jest', 'nx', '@nestjs/testing'];

/** Every file under `dir`, relative to it. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

/** A command run to completion in `cwd`, with only the environment given (no npm_config_* of an outer npm). */
function run(command: string, args: string[], cwd: string, env: Record<string, string> = {}): { stdout: string; stderr: string } {
  const result = spawnSync(command, args, {
    cwd,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    encoding: 'utf8',
  });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} exited ${String(result.status)}:\n${result.stdout}\n${result.stderr}`);
  return { stdout: result.stdout, stderr: result.stderr };
}

describe('the production build, installed with production dependencies only, starts the three apps', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'quayside-production-'));
  const databaseUrl = withDatabaseName(TEST_SERVER_URL, `quayside_test_${randomBytes(6).toString('hex')}`);
  const prefix = testRedisPrefix();
  const processes = new Map<AppName, AppProcess>();
  let install: { stdout: string; stderr: string };

  beforeAll(() => {
    // Built straight into the operator's folder: the repository's dist/ is another test's (start-prod), which may run meanwhile.
    const build = run(process.execPath, ['tools/build.js', '--out', path.join(folder, 'dist')], ROOT);
    expect(build.stdout).toMatch(/^built \d+ files into .*dist\//);
    for (const file of ['package.json', 'package-lock.json']) cpSync(path.join(ROOT, file), path.join(folder, file));
    install = run('npm', ['ci', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund'], folder);
  });

  afterAll(async () => {
    await Promise.all([...processes.values()].map((proc) => proc.stop('SIGTERM')));
    await withAdminClient(TEST_SERVER_URL, (client) => dropDatabase(client, new URL(databaseUrl).pathname.slice(1)));
    await deleteRedisKeys(prefix);
    rmSync(folder, { recursive: true, force: true });
  }, 60_000);

  it('installs without a warning (engines, install scripts) and without the development dependencies', () => {
    expect(`${install.stdout}${install.stderr}`).not.toMatch(/\bwarn\b/i);
    expect(run('npm', ['install-scripts', 'ls'], folder).stdout).toMatch(/No packages with unreviewed install scripts/);
    for (const name of DEV_ONLY)
      expect({ name, installed: existsSync(path.join(folder, 'node_modules', name)) }).toEqual({ name, installed: false });
  });

  it('ships no tests, test helpers or fixtures in dist/', () => {
    const files = filesUnder(path.join(folder, 'dist'));
    for (const app of APPS) expect(files).toContain(path.join('apps', app, 'src', 'main.js'));
    const shipped = files.filter(
      (file) =>
        /\.(spec|integration-spec|e2e-spec)\.js$/.test(file) ||
        file.split(path.sep).some((part) => ['test', '__tests__', 'fixtures'].includes(part)) ||
        file.startsWith(path.join('libs', 'testing') + path.sep) ||
        file.startsWith(path.join('tools', 'reference') + path.sep),
    );
    expect(shipped).toEqual([]);
  });

  it('migrates an empty database and starts api, tracker-worker and webhook-dispatcher, each answering ready; each stops on SIGTERM', async () => {
    expect(run(process.execPath, ['dist/tools/cli/migrate.js'], folder, { DATABASE_URL: databaseUrl }).stdout).toContain(
      'Reference data loaded.',
    );
    const common = { DATABASE_URL: databaseUrl, REDIS_PREFIX: prefix, LOG_LEVEL: 'info' };
    const started: Array<{ app: AppName; proc: AppProcess; port: number }> = [];
    for (const app of APPS) {
      const port = await freePort();
      // The api serves its health on its own port; the workers on their ops port.
      const listen: Record<string, string> = app === 'api' ? { PORT: String(port) } : { OPS_PORT: String(port) };
      const proc = new AppProcess(app, { ...common, ...listen }, { compiled: true, cwd: folder });
      processes.set(app, proc);
      started.push({ app, proc, port });
    }
    await Promise.all(started.map(({ proc, port }) => proc.waitReady(`http://127.0.0.1:${port}/health/ready`, 240_000)));

    for (const { app, proc } of started) {
      const exit = await proc.stop('SIGTERM');
      expect({ app, stopped: exit.code === 0 || exit.signal === 'SIGTERM' }).toEqual({ app, stopped: true });
    }
  });
});
