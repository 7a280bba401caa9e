import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { hashApiKey } from '@quayside/data-access';
import { createTestDatabase } from '@quayside/testing';
import type { TestDatabase } from '@quayside/testing';

const ROOT = resolve(__dirname, '../..');

function run(script: string, args: string[], databaseUrl: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['-r', '@swc-node/register', `tools/cli/${script}`, ...args], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: databaseUrl },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}

describe('account command-line tools', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase();
  });

  afterAll(async () => {
    await db.drop();
  });

  async function liveKeyHashes(company: string): Promise<string[]> {
    const rows = await db.dataSource.query<{ key_hash: string }[]>(
      `SELECT k.key_hash FROM api_keys k JOIN accounts a ON a.id = k.account_id WHERE a.company_name = $1 AND k.deleted_at IS NULL`,
      [company],
    );
    return rows.map((row) => row.key_hash);
  }

  it('ensure-demo-account creates the demo account once, even when started twice at the same time, and shows its key once', async () => {
    const [first, second] = await Promise.all([run('ensure-demo-account.ts', [], db.url), run('ensure-demo-account.ts', [], db.url)]);
    expect([first.code, second.code]).toEqual([0, 0]);
    const lines = [first, second].map(
      (r) => JSON.parse(r.stdout.trim()) as { created: boolean; key?: string; masked: string; accountId: string },
    );
    const created = lines.filter((l) => l.created);
    expect(created).toHaveLength(1);
    const key = created[0]!.key!;
    expect(key).toMatch(/^qs_live_[0-9A-Za-z]{43}$/);
    expect(await liveKeyHashes('Quayside Demo')).toEqual([hashApiKey(key)]);

    const again = await run('ensure-demo-account.ts', [], db.url);
    const line = JSON.parse(again.stdout.trim()) as { created: boolean; key?: string; masked: string; accountId: string };
    expect(line).toEqual({ created: false, accountId: created[0]!.accountId, masked: `qs_live_****${key.slice(-4)}` });
    const [account] = await db.dataSource.query<{ plan: string; features: string[] }[]>(
      `SELECT plan, features FROM accounts WHERE id = $1`,
      [line.accountId],
    );
    expect(account).toEqual({ plan: 'paid', features: ['routing', 'rail_lfd', 'container_refresh', 'map_widget'] });
  });

  it('demo-account-key (npm run demo:key) gives the demo account a new key, shown once, beside the ones it has', async () => {
    const before = await liveKeyHashes('Quayside Demo');
    expect(before).toHaveLength(1);
    const result = await run('demo-account-key.ts', [], db.url);
    expect(result.code).toBe(0);
    const key = /\n\s+(qs_live_[0-9A-Za-z]{43})\n/.exec(result.stdout)?.[1];
    expect(key).toBeDefined();
    expect((await liveKeyHashes('Quayside Demo')).sort()).toEqual([...before, hashApiKey(key!)].sort());
    // Still one demo account: the key is the existing account's.
    const accounts = await db.dataSource.query<{ id: string }[]>(`SELECT id FROM accounts WHERE company_name = 'Quayside Demo'`);
    expect(accounts).toHaveLength(1);
  });

  it('create-account makes an account on the chosen plan and prints its first key once', async () => {
    const result = await run(
      'create-account.ts',
      ['--company', 'Acme Freight', '--plan', 'trial', '--features', 'container_refresh'],
      db.url,
    );
    expect(result.code).toBe(0);
    const key = /API key\s+(qs_live_[0-9A-Za-z]{43})/.exec(result.stdout)?.[1];
    expect(key).toBeDefined();
    expect(await liveKeyHashes('Acme Freight')).toEqual([hashApiKey(key!)]);
    const [account] = await db.dataSource.query<{ plan: string; features: string[]; days: number }[]>(
      `SELECT plan, features, round(extract(epoch FROM trial_ends_at - now()) / 86400)::int AS days FROM accounts WHERE company_name = 'Acme Freight'`,
    );
    expect(account).toEqual({ plan: 'trial', features: ['container_refresh'], days: 7 });
  });

  it.each([
    ['no company', ['--plan', 'paid']],
    ['an unknown plan', ['--company', 'X', '--plan', 'gold']],
    ['an unknown feature', ['--company', 'X', '--features', 'teleport']],
  ])('create-account refuses %s and creates nothing', async (_label, args) => {
    const result = await run('create-account.ts', args, db.url);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Usage: create-account');
    expect(await liveKeyHashes('X')).toEqual([]);
  });
});
