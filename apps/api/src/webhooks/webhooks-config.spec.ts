import { ConfigValidationError, loadConfig } from '@quayside/platform';
import { ApiConfig } from '../config/api.config';

function problemsOf(env: Record<string, string>): readonly string[] {
  try {
    loadConfig('api', ApiConfig, env);
    return [];
  } catch (error) {
    if (error instanceof ConfigValidationError) return error.problems;
    throw error;
  }
}

describe('api configuration of webhooks', () => {
  it('defaults to production rules: https only, nothing exempt, no egress list, 15 s trigger', () => {
    const config = loadConfig('api', ApiConfig, {});
    expect(config.webhookUrlPolicy.allowHttp).toBe(false);
    expect(config.webhookUrlPolicy.allow.hosts.size + config.webhookUrlPolicy.allow.ranges.length).toBe(0);
    expect(config.webhookEgressIps).toEqual([]);
    expect(config.WEBHOOK_TRIGGER_TIMEOUT_MS).toBe(15_000);
  });

  it('reads what npm start sets for the local demo receiver, with the dispatcher’s names', () => {
    const config = loadConfig('api', ApiConfig, { WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOWED_HOSTS: '127.0.0.1,localhost,::1' });
    expect(config.webhookUrlPolicy.allowHttp).toBe(true);
    expect([...config.webhookUrlPolicy.allow.hosts]).toEqual(['localhost']);
    expect(config.webhookUrlPolicy.allow.ranges).toHaveLength(2);
  });

  it('reads the egress addresses as a comma list', () => {
    expect(loadConfig('api', ApiConfig, { WEBHOOK_EGRESS_IPS: ' 198.51.100.7,2001:db8::7 ,' }).webhookEgressIps).toEqual([
      '198.51.100.7',
      '2001:db8::7',
    ]);
  });

  it.each([
    [{ WEBHOOK_EGRESS_IPS: '198.51.100.7,egress.example.com' }, 'WEBHOOK_EGRESS_IPS'],
    [{ WEBHOOK_ALLOW_HTTP: 'yes' }, 'WEBHOOK_ALLOW_HTTP'],
    [{ WEBHOOK_ALLOWED_HOSTS: '127.0.0.1;rm -rf' }, 'WEBHOOK_ALLOWED_HOSTS'],
    [{ WEBHOOK_TRIGGER_TIMEOUT_MS: '10' }, 'WEBHOOK_TRIGGER_TIMEOUT_MS'],
  ])('names the bad variable in %j', (env, variable) => {
    const problems = problemsOf(env);
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.every((problem) => problem.startsWith(`${variable}: `))).toBe(true);
  });
});
