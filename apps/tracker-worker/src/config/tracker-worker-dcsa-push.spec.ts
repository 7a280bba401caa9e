import { ConfigValidationError, loadConfig } from '@quayside/platform';
import { TrackerWorkerConfig } from './tracker-worker.config';

function load(env: Record<string, string>): TrackerWorkerConfig | readonly string[] {
  try {
    return loadConfig('tracker-worker', TrackerWorkerConfig, env);
  } catch (error) {
    if (error instanceof ConfigValidationError) return error.problems;
    throw error;
  }
}

describe('DCSA_PUSH_CONCURRENCY: how many pushed changes a tracker-worker applies at once', () => {
  it.each([
    ['unset: the default', {}, 8],
    ['one at a time', { DCSA_PUSH_CONCURRENCY: '1' }, 1],
    ['the most the push handler takes', { DCSA_PUSH_CONCURRENCY: '32' }, 32],
  ])('%s', (_case, env, concurrency) => {
    expect((load(env) as TrackerWorkerConfig).DCSA_PUSH_CONCURRENCY).toBe(concurrency);
  });

  it.each([['0'], ['33'], ['2.5'], ['many']])('stops at boot on DCSA_PUSH_CONCURRENCY=%s, naming it', (value) => {
    const problems = load({ DCSA_PUSH_CONCURRENCY: value }) as readonly string[];
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.filter((problem) => !problem.startsWith('DCSA_PUSH_CONCURRENCY: '))).toEqual([]);
  });
});
