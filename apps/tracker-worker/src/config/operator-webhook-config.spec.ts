import { ConfigValidationError, loadConfig } from '@quayside/platform';
import { TrackerWorkerConfig } from './tracker-worker.config';

function problemsOf(env: Record<string, string>): readonly string[] {
  try {
    loadConfig('tracker-worker', TrackerWorkerConfig, env);
    return [];
  } catch (error) {
    if (error instanceof ConfigValidationError) return error.problems;
    throw error;
  }
}

/** The operator's outage notifications are checked at boot (docs/carriers.md, "Source health"). */
describe('the operator webhook settings', () => {
  it.each([
    ['nothing set: the warn log line only', {}, []],
    [
      'a URL with its secret',
      { OPERATOR_WEBHOOK_URL: 'https://ops.example.com/quayside', OPERATOR_WEBHOOK_SECRET: 'a-secret-of-16-chars' },
      [],
    ],
    ['a URL without a secret', { OPERATOR_WEBHOOK_URL: 'https://ops.example.com/quayside' }, ['OPERATOR_WEBHOOK_SECRET']],
    [
      'a secret too short',
      { OPERATOR_WEBHOOK_URL: 'https://ops.example.com/quayside', OPERATOR_WEBHOOK_SECRET: 'short' },
      ['OPERATOR_WEBHOOK_SECRET'],
    ],
    [
      'a URL that is not http(s)',
      { OPERATOR_WEBHOOK_URL: 'ftp://ops.example.com', OPERATOR_WEBHOOK_SECRET: 'a-secret-of-16-chars' },
      ['OPERATOR_WEBHOOK_URL'],
    ],
    ['an outage time under 10 s', { SOURCE_DOWN_AFTER_SECONDS: '5' }, ['SOURCE_DOWN_AFTER_SECONDS']],
  ] as const)('%s', (_case, env, named) => {
    const problems = problemsOf(env);
    expect(problems).toHaveLength(named.length);
    named.forEach((name, i) => expect(problems[i]).toContain(name));
  });
});
