import { errorClassOfReason, sourceErrorRate, sourceStatus } from './source-health';

const at = (minute: number): Date => new Date(Date.UTC(2026, 10, 29, 8, minute));
const none = { lastSuccessAt: null, lastErrorAt: null, failingSince: null, outageNotifiedAt: null };

describe('source health rules', () => {
  it.each([
    ['never called', none, 'unknown'],
    ['newest call succeeded', { ...none, lastSuccessAt: at(5), lastErrorAt: at(3) }, 'ok'],
    ['failing, nobody told yet', { ...none, lastSuccessAt: at(1), lastErrorAt: at(5), failingSince: at(2) }, 'failing'],
    ['failing, the operator told of this outage', { ...none, lastErrorAt: at(9), failingSince: at(2), outageNotifiedAt: at(8) }, 'down'],
    ['failing again after an outage told before', { ...none, lastErrorAt: at(9), failingSince: at(7), outageNotifiedAt: at(3) }, 'failing'],
  ] as const)('%s → %s', (_case, health, status) => {
    expect(sourceStatus(health)).toBe(status);
  });

  it.each([
    ['shipping_line_unreachable', 'unreachable'],
    ['unrecognized_response', 'unrecognized_answer'],
    ['internal_processing_error', 'adapter_error'],
  ] as const)('a transient %s with no class of its own is %s', (reason, errorClass) => {
    expect(errorClassOfReason(reason)).toBe(errorClass);
  });

  it.each([
    [0, 0, null],
    [10, 0, 0],
    [10, 5, 0.5],
    [4, 4, 1],
  ])('%i calls, %i failed → error rate %s', (recentCalls, recentErrors, rate) => {
    expect(sourceErrorRate({ recentCalls, recentErrors })).toBe(rate);
  });
});
