import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const SCRIPT = join(__dirname, 'check-folder-cycles.js');

/** Runs the check on a throw-away repository made of the given files (path → content). */
function check(files: Record<string, string>): { status: number | null; lines: string[] } {
  const root = mkdtempSync(join(tmpdir(), 'folder-cycles-'));
  try {
    for (const [file, content] of Object.entries(files)) {
      mkdirSync(dirname(join(root, file)), { recursive: true });
      writeFileSync(join(root, file), content);
    }
    const run = spawnSync(process.execPath, [SCRIPT, root], { encoding: 'utf8' });
    return { status: run.status, lines: run.stdout.trim().split('\n') };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

describe('check-folder-cycles', () => {
  it('passes when imports between folders run one way', () => {
    expect(
      check({
        'apps/api/src/app.module.ts': "import { A } from './a/a';\nimport { B } from './b/b';",
        'apps/api/src/a/a.ts': "import { B } from '../b/b';",
        'apps/api/src/b/b.ts': 'export const B = 1;',
      }),
    ).toEqual({ status: 0, lines: ['0 folder cycles'] });
  });

  it('names every folder of each cycle, per project, and fails', () => {
    expect(
      check({
        'apps/api/src/a/a.ts': "import { B } from '../b/b';",
        'apps/api/src/b/nested/b.ts': "export { C } from '../../c/c';",
        'apps/api/src/c/c.ts': "const a = import('../a/a');",
        'apps/api/src/d/d.ts': "import { A } from '../a/a';",
        'libs/x/src/p/p.ts': "import type {\n  Q,\n} from '../q/q';",
        'libs/x/src/q/q.ts': "import { P } from '../p/p';",
      }),
    ).toEqual({ status: 1, lines: ['apps/api: a <-> b <-> c', 'libs/x: p <-> q', '2 folder cycles'] });
  });

  it('ignores unit specs, __tests__ and test folders, but counts integration specs', () => {
    const base = { 'apps/api/src/a/a.ts': "import { B } from '../b/b';" };
    expect(check({ ...base, 'apps/api/src/b/b.spec.ts': "import { A } from '../a/a';" }).status).toBe(0);
    expect(check({ ...base, 'apps/api/src/b/__tests__/fixture.ts': "import { A } from '../../a/a';" }).status).toBe(0);
    expect(
      check({ 'apps/api/src/a/a.ts': "import { H } from '../test/helper';", 'apps/api/src/test/helper.ts': "import { A } from '../a/a';" })
        .status,
    ).toBe(0);
    expect(check({ ...base, 'apps/api/src/b/b.integration-spec.ts': "import { A } from '../a/a';" })).toEqual({
      status: 1,
      lines: ['apps/api: a <-> b', '1 folder cycles'],
    });
  });
});
