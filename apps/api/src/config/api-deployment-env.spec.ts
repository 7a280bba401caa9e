import { loadConfig } from '@quayside/platform';
import { composeEnvironment } from '@quayside/testing';
import { ApiConfig } from './api.config';

describe('the environment docker/compose.yaml gives the api', () => {
  const config = loadConfig('api', ApiConfig, composeEnvironment('api'));

  it('passes the api config validation and points at the compose Postgres and Redis', () => {
    expect(new URL(config.DATABASE_URL).hostname).toBe('postgres');
    expect(new URL(config.REDIS_URL).hostname).toBe('redis');
  });

  it('listens on every interface of the container, on the port the gateway forwards to, trusting its forwarded headers', () => {
    expect(config.HOST).toBe('0.0.0.0');
    expect(config.PORT).toBe(3000);
    expect(config.TRUST_PROXY).toBe('true');
  });
});
