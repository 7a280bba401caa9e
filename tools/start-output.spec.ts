// The module is plain JavaScript run by `npm start` before anything is compiled.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS tool script, not part of the TypeScript build
const { present, opsAddress, banner } = require('./start-output.js') as {
  present: (line: string, verbose: boolean) => string | null;
  opsAddress: (line: string) => string | null;
  banner: (input: {
    base: string;
    demo: { key?: string; masked: string; accountId: string };
    smtp: string | null;
    ops: Record<string, string>;
  }) => string;
};

const json = (entry: Record<string, unknown>): string => JSON.stringify({ time: 1, app: 'x', ...entry });

describe('what npm start shows of the apps’ log lines', () => {
  it.each<[string, string, string | null]>([
    [
      'a worker ready',
      json({ level: 30, msg: 'health on http://127.0.0.1:40111/health/ready' }),
      'ready (health and metrics on http://127.0.0.1:40111)',
    ],
    ['a tracking request outcome', json({ level: 30, msg: 'tracking request 5f1c: succeeded' }), 'tracking request 5f1c → succeeded'],
    [
      'a warning with its error',
      json({ level: 40, msg: 'webhook w1 deactivated', err: { message: 'timeout' } }),
      'WARN webhook w1 deactivated: timeout',
    ],
    [
      'an error',
      json({ level: 50, msg: 'Unexpected exception while serving a request' }),
      'ERROR Unexpected exception while serving a request',
    ],
    ['a framework start-up line', json({ level: 30, msg: 'Mapped {/v2/containers, GET} route', context: 'RouterExplorer' }), null],
    [
      'a request line',
      json({ level: 30, msg: 'request completed', req: { method: 'GET', url: '/health/ready' }, res: { statusCode: 200 } }),
      null,
    ],
    [
      'a line that is not JSON (a crash before logging starts)',
      'DATABASE_URL must be a postgres URL',
      'DATABASE_URL must be a postgres URL',
    ],
    ['an empty line', '', null],
  ])('%s', (_label, line, shown) => {
    expect(present(line, false)).toBe(shown);
  });

  it('shows every line, briefly, when asked to be verbose', () => {
    expect(
      present(json({ level: 30, msg: 'request completed', req: { method: 'GET', url: '/v2/x' }, res: { statusCode: 200 } }), true),
    ).toBe('INFO request completed GET /v2/x → 200');
  });

  it("reads the address of a worker's health and metrics from its ready line, and nothing from other lines", () => {
    expect(opsAddress(json({ level: 30, msg: 'health on http://127.0.0.1:40111/health/ready' }))).toBe('http://127.0.0.1:40111');
    expect(opsAddress(json({ level: 30, msg: 'tracking request 5f1c: succeeded' }))).toBeNull();
  });
});

describe('the banner of npm start', () => {
  const base = 'http://127.0.0.1:3000';
  const ops = { 'tracker-worker': 'http://127.0.0.1:40111', 'webhook-dispatcher': 'http://127.0.0.1:40222' };

  it('names the console, the MCP server, the key and every metrics address', () => {
    const text = banner({ base, demo: { key: 'qs_live_abc', masked: 'qs_live_****_abc', accountId: 'a1' }, smtp: null, ops });
    expect(text).toContain(`Console        ${base}/console`);
    expect(text).toContain(`MCP server     ${base}/mcp`);
    expect(text).toContain('Demo API key   qs_live_abc');
    expect(text).toContain(
      `Metrics        api ${base}/metrics · tracker-worker http://127.0.0.1:40111/metrics · webhook-dispatcher http://127.0.0.1:40222/metrics`,
    );
    expect(text).not.toContain('Email in');
  });

  it('says how to get a new key when the first one was shown on an earlier start', () => {
    const text = banner({ base, demo: { masked: 'qs_live_****wxyz', accountId: 'a1' }, smtp: 'smtp://127.0.0.1:2525 accepts mail', ops });
    expect(text).toContain('Demo API key   qs_live_****wxyz, shown in full on the first start; a new one: npm run demo:key');
    expect(text).toContain('Email in       smtp://127.0.0.1:2525 accepts mail');
  });
});
