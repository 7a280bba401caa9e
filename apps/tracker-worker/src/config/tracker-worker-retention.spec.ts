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

// Deleting an event deletes its webhook notifications (foreign key), so events may not go first.
describe('retention settings of the tracker-worker', () => {
  it.each([
    [{}, true],
    [{ RETENTION_EVENTS_DAYS: '0' }, true],
    [{ RETENTION_WEBHOOK_NOTIFICATIONS_DAYS: '30', RETENTION_EVENTS_DAYS: '30' }, true],
    [{ RETENTION_WEBHOOK_NOTIFICATIONS_DAYS: '0', RETENTION_EVENTS_DAYS: '0' }, true],
    [{ RETENTION_WEBHOOK_NOTIFICATIONS_DAYS: '90', RETENTION_EVENTS_DAYS: '30' }, false],
    [{ RETENTION_WEBHOOK_NOTIFICATIONS_DAYS: '0', RETENTION_EVENTS_DAYS: '90' }, false],
  ])('%j is accepted: %s', (env, accepted) => {
    const problems = problemsOf(env);
    if (accepted) expect(problems).toEqual([]);
    else expect(problems.join('\n')).toContain('RETENTION_EVENTS_DAYS must be 0 (keep) or at least RETENTION_WEBHOOK_NOTIFICATIONS_DAYS');
  });
});
