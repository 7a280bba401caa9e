import { IsInt, Max, Min } from 'class-validator';
import { BaseAppConfig } from './base-app.config';
import { ConfigValidationError } from './config-validation.error';
import { loadConfig } from './load-config';

class ExampleConfig extends BaseAppConfig {
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT: number = 3000;
}

function problemsOf(env: Record<string, string>): readonly string[] {
  try {
    loadConfig('example', ExampleConfig, env);
    return [];
  } catch (error) {
    if (error instanceof ConfigValidationError) return error.problems;
    throw error;
  }
}

describe('loadConfig', () => {
  it('gives the documented defaults for an empty environment', () => {
    const config = loadConfig('example', ExampleConfig, {});
    expect(config).toMatchObject({
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/quayside',
      REDIS_URL: 'redis://127.0.0.1:6379',
      PORT: 3000,
      LOG_LEVEL: 'info',
    });
  });

  it('converts numbers from their string form', () => {
    expect(loadConfig('example', ExampleConfig, { PORT: '8080' }).PORT).toBe(8080);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig('example', ExampleConfig, { PORT: '' }).PORT).toBe(3000);
  });

  // An operator must learn from one failed start which variables to fix, by name.
  it.each([
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ REDIS_URL: 'localhost:6379' }, 'REDIS_URL'],
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ REDIS_PREFIX: 'has space' }, 'REDIS_PREFIX'],
  ])('names the bad variable in %j', (env, variable) => {
    const problems = problemsOf(env);
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.every((p) => p.startsWith(`${variable}: `))).toBe(true);
  });

  it('reports every bad variable at once, in the error message too', () => {
    try {
      loadConfig('example', ExampleConfig, { PORT: 'x', LOG_LEVEL: 'loud' });
      throw new Error('expected a ConfigValidationError');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigValidationError);
      expect((error as Error).message).toMatch(/^example: invalid configuration/);
      expect((error as Error).message).toContain('PORT');
      expect((error as Error).message).toContain('LOG_LEVEL');
    }
  });
});
