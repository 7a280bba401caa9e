// The module is plain JavaScript run by `npm start` before anything is compiled.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS tool script, not part of the TypeScript build
const { present } = require('./start-output.js') as { present: (line: string, verbose: boolean) => string | null };

const json = (entry: Record<string, unknown>): string => JSON.stringify({ time: 1, app: 'x', ...entry });

describe('what npm start shows of the apps’ log lines', () => {
  it.each<[string, string, string | null]>([
    ['a worker ready', json({ level: 30, msg: 'health on http://127.0.0.1:40111/health/ready' }), 'ready'],
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
});
