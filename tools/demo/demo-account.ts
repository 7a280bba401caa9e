/** The account a demo runs as, and the check that a service answers (shared by `npm run demo` and `npm run demo:documents`). */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');

export interface DemoKey {
  key: string;
  companyName: string;
}

/** An account and key for this run (tools/cli/demo-key.ts). */
export function createDemoKey(): DemoKey {
  const result = spawnSync(process.execPath, ['-r', '@swc-node/register', 'tools/cli/demo-key.ts'], {
    cwd: ROOT,
    env: process.env,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (result.status !== 0) throw new Error(`could not create a key for the demo account (tools/cli/demo-key.ts): ${result.stderr.trim()}`);
  const parsed = JSON.parse(result.stdout.trim().split('\n').at(-1) ?? '{}') as Partial<DemoKey>;
  if (!parsed.key) throw new Error(`tools/cli/demo-key.ts printed no key: ${result.stdout}`);
  return { key: parsed.key, companyName: parsed.companyName ?? '' };
}

/**
 * Where a demo's results are to be seen, and with which key: the lines both demos start and end
 * with. Each run has an account of its own (tools/cli/demo-key.ts says why), so the key is this
 * run's, not the one npm start showed, unless the user gave one.
 */
export function keyLines(key: DemoKey | null): string[] {
  return key === null
    ? ['  API key from QUAYSIDE_API_KEY / --api-key']
    : [
        `  account "${key.companyName}" (made for this run), API key:`,
        `    ${key.key}`,
        '  Sign in to the console with this key to see what this run tracks (the key npm start showed opens its own, other account).',
      ];
}

export function consoleLines(apiBase: string, key: DemoKey | null): string[] {
  const url = `${apiBase.replace(/\/v2$/, '')}/console`;
  return [
    '',
    'See it in the console:',
    `  ${url}`,
    key === null ? '  sign in with the API key you gave (QUAYSIDE_API_KEY / --api-key)' : `  sign in with this run's API key  ${key.key}`,
  ];
}

export async function assertServiceUp(baseUrl: string): Promise<void> {
  const live = `${baseUrl.replace(/\/+$/, '').replace(/\/v2$/, '')}/health/live`;
  try {
    await fetch(live, { signal: AbortSignal.timeout(5_000) });
  } catch {
    throw new Error(`no Quayside answers at ${live}. Start it first with \`npm start\` (in another terminal), or pass --base-url.`);
  }
}
