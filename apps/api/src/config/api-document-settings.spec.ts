import { ConfigValidationError, loadConfig } from '@quayside/platform';
import { ApiConfig } from './api.config';

function problemsOf(env: Record<string, string>): readonly string[] {
  try {
    loadConfig('api', ApiConfig, env);
    return [];
  } catch (error) {
    if (error instanceof ConfigValidationError) return error.problems;
    throw error;
  }
}

describe('api configuration of document checks', () => {
  it('defaults to 20 attachments a mail and two checking threads', () => {
    expect(loadConfig('api', ApiConfig, {})).toMatchObject({ DOCUMENT_MAX_ATTACHMENTS: 20, DOCUMENT_INSPECTION_THREADS: 2 });
  });

  it.each([
    ['one attachment', { DOCUMENT_MAX_ATTACHMENTS: '1' }],
    ['500 attachments', { DOCUMENT_MAX_ATTACHMENTS: '500' }],
    ['one checking thread', { DOCUMENT_INSPECTION_THREADS: '1' }],
    ['32 checking threads', { DOCUMENT_INSPECTION_THREADS: '32' }],
  ])('accepts %s', (_case, env) => {
    expect(problemsOf(env)).toEqual([]);
  });

  it.each([
    ['no attachment at all', { DOCUMENT_MAX_ATTACHMENTS: '0' }, 'DOCUMENT_MAX_ATTACHMENTS', 'must not be less than 1'],
    ['more than 500 attachments', { DOCUMENT_MAX_ATTACHMENTS: '501' }, 'DOCUMENT_MAX_ATTACHMENTS', 'must not be greater than 500'],
    ['a fraction of an attachment', { DOCUMENT_MAX_ATTACHMENTS: '2.5' }, 'DOCUMENT_MAX_ATTACHMENTS', 'must be an integer number'],
    ['words for a count', { DOCUMENT_MAX_ATTACHMENTS: 'twenty' }, 'DOCUMENT_MAX_ATTACHMENTS', 'must be an integer number'],
    ['no checking thread', { DOCUMENT_INSPECTION_THREADS: '0' }, 'DOCUMENT_INSPECTION_THREADS', 'must not be less than 1'],
    ['a negative count of threads', { DOCUMENT_INSPECTION_THREADS: '-2' }, 'DOCUMENT_INSPECTION_THREADS', 'must not be less than 1'],
    ['more than 32 threads', { DOCUMENT_INSPECTION_THREADS: '33' }, 'DOCUMENT_INSPECTION_THREADS', 'must not be greater than 32'],
    ['a fraction of a thread', { DOCUMENT_INSPECTION_THREADS: '1.5' }, 'DOCUMENT_INSPECTION_THREADS', 'must be an integer number'],
  ])('refuses %s at boot, naming the setting', (_case, env, variable, why) => {
    const problems = problemsOf(env);
    expect(problems).toContain(`${variable}: ${variable} ${why}`);
    expect(problems.every((problem) => problem.startsWith(`${variable}: `))).toBe(true);
  });
});
