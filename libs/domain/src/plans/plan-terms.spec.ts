import { ACTIVE_CONTAINER_CAP, entitlementsOf, trialEndsAt, webhookWithheldReason } from './plan-terms';

const now = new Date('2026-08-14T12:00:00.000Z');

describe('entitlementsOf', () => {
  it.each([
    [
      'paid: everything, no cap',
      { plan: 'paid', trial_ends_at: null },
      { tracksAndReads: true, activeContainerCap: null, trialExpired: false },
    ],
    [
      'free: create only, capped',
      { plan: 'free', trial_ends_at: null },
      { tracksAndReads: false, activeContainerCap: ACTIVE_CONTAINER_CAP, trialExpired: false },
    ],
    [
      'running trial: reads, capped',
      { plan: 'trial', trial_ends_at: '2026-08-14T12:00:00.001Z' },
      { tracksAndReads: true, activeContainerCap: 10, trialExpired: false },
    ],
    [
      'trial ending this instant: over',
      { plan: 'trial', trial_ends_at: '2026-08-14T12:00:00.000Z' },
      { tracksAndReads: false, activeContainerCap: 10, trialExpired: true },
    ],
    [
      'trial without an end: over',
      { plan: 'trial', trial_ends_at: null },
      { tracksAndReads: false, activeContainerCap: 10, trialExpired: true },
    ],
  ] as const)('%s', (_label, account, expected) => {
    expect(entitlementsOf(account, now)).toEqual({ plan: account.plan, ...expected });
  });

  it('gives a trial seven days', () => {
    expect(trialEndsAt(now).toISOString()).toBe('2026-08-21T12:00:00.000Z');
  });
});

describe('webhookWithheldReason', () => {
  it.each([
    ['paid: delivered', { plan: 'paid', trial_ends_at: null }, null],
    ['running trial (a Date): delivered', { plan: 'trial', trial_ends_at: new Date('2026-08-15T00:00:00.000Z') }, null],
    ['running trial (text): delivered', { plan: 'trial', trial_ends_at: '2026-08-15T00:00:00.000Z' }, null],
    [
      'free: withheld',
      { plan: 'free', trial_ends_at: null },
      "not delivered: the account's free plan does not include webhooks; a trial or paid plan is needed (plan_not_allowed)",
    ],
    [
      'ended trial: withheld',
      { plan: 'trial', trial_ends_at: new Date('2026-08-14T11:59:59.999Z') },
      "not delivered: the account's trial has ended; a trial or paid plan is needed (plan_not_allowed)",
    ],
  ] as const)('%s', (_label, account, expected) => {
    expect(webhookWithheldReason(account, now)).toBe(expected);
  });
});
