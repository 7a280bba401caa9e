import { TrackerWorkerConfig } from '../config/tracker-worker.config';
import { adapterRegistryConfig } from './adapter-registry-config';

const config = (overrides: Partial<TrackerWorkerConfig>): TrackerWorkerConfig => Object.assign(new TrackerWorkerConfig(), overrides);

describe('adapter registry configuration', () => {
  it('without configuration tracks the sandbox only (line TEST, terminals TST1 and TST2, rail TSTR)', () => {
    expect(adapterRegistryConfig(config({ SANDBOX_CLOCK_COMPRESSION: 17_280 }))).toEqual({
      carriers: [{ scac: 'TEST', kind: 'sandbox' }],
      terminals: [
        { firmsCode: 'TST1', kind: 'sandbox' },
        { firmsCode: 'TST2', kind: 'sandbox' },
      ],
      rail: [{ scac: 'TSTR', kind: 'sandbox' }],
      sandbox: { clockCompression: 17_280 },
    });
  });

  it('reads CARRIERS_CONFIG, and SANDBOX_CLOCK_COMPRESSION sets the sandbox clock', () => {
    const json = JSON.stringify({
      carriers: [{ scac: 'MAEU', kind: 'dcsa', baseUrl: 'https://api.example/tnt', maxConcurrency: 2 }],
      sandbox: { clockCompression: 5 },
    });
    expect(adapterRegistryConfig(config({ CARRIERS_CONFIG: json, SANDBOX_CLOCK_COMPRESSION: 3 }))).toEqual({
      carriers: [{ scac: 'MAEU', kind: 'dcsa', baseUrl: 'https://api.example/tnt', maxConcurrency: 2 }],
      terminals: [],
      rail: [],
      sandbox: { clockCompression: 3 },
    });
  });

  it.each([
    ['{not json', /not valid JSON/],
    ['[]', /must be a JSON object/],
    ['{"carriers": {}}', /"carriers" must be an array/],
    ['{"terminals": [{"firmsCode": "X"}]}', /terminals\[0\] needs a "kind"/],
  ])('refuses %s with a message that says what is wrong', (json, message) => {
    expect(() => adapterRegistryConfig(config({ CARRIERS_CONFIG: json }))).toThrow(message);
  });
});
