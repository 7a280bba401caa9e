import { ConfigValidationError, loadConfig } from '@quayside/platform';
import { WebhookDispatcherConfig } from './webhook-dispatcher.config';

function problemsOf(env: Record<string, string>): readonly string[] {
  try {
    loadConfig('webhook-dispatcher', WebhookDispatcherConfig, env);
    return [];
  } catch (error) {
    if (error instanceof ConfigValidationError) return error.problems;
    throw error;
  }
}

describe('WebhookDispatcherConfig', () => {
  it('defaults to production delivery rules: https only, no exemptions, 15 s, real schedule, 5 days', () => {
    expect(loadConfig('webhook-dispatcher', WebhookDispatcherConfig, {})).toMatchObject({
      WEBHOOK_ALLOW_HTTP: 'false',
      WEBHOOK_ALLOWED_HOSTS: '',
      WEBHOOK_TIMEOUT_MS: 15_000,
      WEBHOOK_RETRY_SCALE: 1,
      WEBHOOK_MAX_CONCURRENT_PER_ENDPOINT: 4,
      WEBHOOK_DEACTIVATE_AFTER_HOURS: 120,
    });
  });

  it('reads the local development and test settings', () => {
    const config = loadConfig('webhook-dispatcher', WebhookDispatcherConfig, {
      WEBHOOK_ALLOW_HTTP: 'true',
      WEBHOOK_ALLOWED_HOSTS: '127.0.0.1,localhost,::1,10.1.0.0/16',
      WEBHOOK_RETRY_SCALE: '0.00002',
    });
    expect(config).toMatchObject({
      WEBHOOK_ALLOW_HTTP: 'true',
      WEBHOOK_ALLOWED_HOSTS: '127.0.0.1,localhost,::1,10.1.0.0/16',
      WEBHOOK_RETRY_SCALE: 0.00002,
    });
  });

  it.each([
    [{ WEBHOOK_ALLOW_HTTP: 'yes' }, 'WEBHOOK_ALLOW_HTTP'],
    [{ WEBHOOK_ALLOWED_HOSTS: 'evil.com;rm -rf' }, 'WEBHOOK_ALLOWED_HOSTS'],
    [{ WEBHOOK_TIMEOUT_MS: '0' }, 'WEBHOOK_TIMEOUT_MS'],
    [{ WEBHOOK_RETRY_SCALE: '2' }, 'WEBHOOK_RETRY_SCALE'],
    [{ WEBHOOK_RETRY_SCALE: '0' }, 'WEBHOOK_RETRY_SCALE'],
    [{ WEBHOOK_MAX_CONCURRENT_PER_ENDPOINT: '0' }, 'WEBHOOK_MAX_CONCURRENT_PER_ENDPOINT'],
    [{ WEBHOOK_DEACTIVATE_AFTER_HOURS: 'soon' }, 'WEBHOOK_DEACTIVATE_AFTER_HOURS'],
  ])('refuses %j, naming the variable', (env, variable) => {
    const problems = problemsOf(env);
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.every((p) => p.startsWith(`${variable}: `))).toBe(true);
  });
});
