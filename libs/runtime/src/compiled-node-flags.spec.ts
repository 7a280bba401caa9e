import { compiledNodeFlags } from './index';

describe('compiledNodeFlags', () => {
  it.each([
    ['api', '--max-semi-space-size=16'],
    ['webhook-dispatcher', '--max-semi-space-size=8'],
    ['tracker-worker', '--max-semi-space-size=8'],
    ['cli', '--max-semi-space-size=2'],
  ])('runs %s with %s and the slower-growing old generation', (app, semiSpace) => {
    expect(compiledNodeFlags(app)).toEqual([semiSpace, '--heap-growing-percent=50']);
  });
});
