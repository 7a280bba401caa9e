import { DEFAULT_REFRESH_CADENCE } from '@quayside/domain';
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

describe('the refresh cadence settings of the tracker-worker', () => {
  it('defaults to the documented table, REFRESH_INTERVAL_SECONDS as the interval of `unknown`', () => {
    expect((load({ REFRESH_INTERVAL_SECONDS: '7200' }) as TrackerWorkerConfig).refreshCadence).toEqual({
      ...DEFAULT_REFRESH_CADENCE,
      unknown: 7200,
    });
  });

  it('takes REFRESH_CADENCE over both', () => {
    const config = load({ REFRESH_INTERVAL_SECONDS: '7200', REFRESH_CADENCE: 'on_water=86400,unknown=600' }) as TrackerWorkerConfig;
    expect(config.refreshCadence).toEqual({ ...DEFAULT_REFRESH_CADENCE, on_water: 86_400, unknown: 600 });
  });

  it.each([
    ['mid_ocean=3600', '"mid_ocean=3600" is not phase=seconds'],
    ['on_water=10', '"on_water=10": the interval must be 60 to 604800 seconds'],
  ])('stops at boot on REFRESH_CADENCE=%s, naming the entry', (value, message) => {
    const problems = load({ REFRESH_CADENCE: value }) as readonly string[];
    expect(problems.join('\n')).toContain(`REFRESH_CADENCE: ${message}`);
  });
});
