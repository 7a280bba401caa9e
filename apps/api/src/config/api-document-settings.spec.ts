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
  it('defaults to 20 attachments a mail', () => {
    expect(loadConfig('api', ApiConfig, {})).toMatchObject({ DOCUMENT_MAX_ATTACHMENTS: 20 });
  });

  it.each([
    ['one attachment', { DOCUMENT_MAX_ATTACHMENTS: '1' }],
    ['a thousand attachments', { DOCUMENT_MAX_ATTACHMENTS: '1000' }],
  ])('accepts %s', (_case, env) => {
    expect(problemsOf(env)).toEqual([]);
  });

  it.each([
    ['no attachment at all', { DOCUMENT_MAX_ATTACHMENTS: '0' }, 'DOCUMENT_MAX_ATTACHMENTS', 'must not be less than 1'],
    ['more than a thousand attachments', { DOCUMENT_MAX_ATTACHMENTS: '1001' }, 'DOCUMENT_MAX_ATTACHMENTS', 'must not be greater than 1000'],
    ['a fraction of an attachment', { DOCUMENT_MAX_ATTACHMENTS: '2.5' }, 'DOCUMENT_MAX_ATTACHMENTS', 'must be an integer number'],
    ['words for a count', { DOCUMENT_MAX_ATTACHMENTS: 'twenty' }, 'DOCUMENT_MAX_ATTACHMENTS', 'must be an integer number'],
  ])('refuses %s at boot, naming the setting', (_case, env, variable, why) => {
    const problems = problemsOf(env);
    expect(problems).toContain(`${variable}: ${variable} ${why}`);
    expect(problems.every((problem) => problem.startsWith(`${variable}: `))).toBe(true);
  });
});
