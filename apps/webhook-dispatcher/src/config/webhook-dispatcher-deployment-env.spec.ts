import { loadConfig } from '@quayside/platform';
import { composeEnvironment } from '@quayside/testing';
import { WebhookDispatcherConfig } from './webhook-dispatcher.config';

describe('the environment docker/compose.yaml gives the webhook-dispatcher', () => {
  const config = loadConfig('webhook-dispatcher', WebhookDispatcherConfig, composeEnvironment('webhook-dispatcher'));

  it('passes the webhook-dispatcher config validation and points at the compose Postgres and Redis', () => {
    expect(new URL(config.DATABASE_URL).hostname).toBe('postgres');
    expect(new URL(config.REDIS_URL).hostname).toBe('redis');
  });

  it('serves health on a fixed port of every interface, for the health check (not 0, a random one)', () => {
    expect(config.OPS_HOST).toBe('0.0.0.0');
    expect(config.OPS_PORT).toBeGreaterThan(0);
  });
});
