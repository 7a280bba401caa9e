import { readDemoConfig, DEFAULT_NUMBERS } from './demo-config';

describe('readDemoConfig', () => {
  it('defaults to the local service, six scenarios at once and a key of its own', () => {
    expect(readDemoConfig([], {})).toEqual({
      baseUrl: 'http://127.0.0.1:3000',
      apiKey: null,
      numbers: DEFAULT_NUMBERS,
      scac: 'TEST',
      timeoutSeconds: 420,
      receiverPort: 0,
      help: false,
    });
  });

  it('takes the environment, and the command line over it', () => {
    const env = { QUAYSIDE_API_KEY: 'qs_live_env', QUAYSIDE_BASE_URL: 'http://10.0.0.5:3000', QUAYSIDE_DEMO_TIMEOUT_SECONDS: '60' };
    expect(readDemoConfig([], env)).toMatchObject({ apiKey: 'qs_live_env', baseUrl: 'http://10.0.0.5:3000', timeoutSeconds: 60 });
    expect(
      readDemoConfig(['--api-key', 'qs_live_arg', '--numbers', 'TEST-TR-HOLDS, TEST-TR-HOLDS,TEST-TR-RAIL', '--timeout', '30'], env),
    ).toMatchObject({
      apiKey: 'qs_live_arg',
      numbers: ['TEST-TR-HOLDS', 'TEST-TR-RAIL'],
      timeoutSeconds: 30,
    });
  });

  it.each([
    [['--timeout', 'soon'], '--timeout must be a whole number'],
    [['--numbers', ' , '], '--numbers names no number'],
    [['--bogus'], "Unknown option '--bogus'"],
  ])('refuses %j', (argv, message) => {
    expect(() => readDemoConfig(argv, {})).toThrow(message);
  });
});
