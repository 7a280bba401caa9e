import { automaticStopReason } from './stop-rules';

const NOW = new Date('2026-10-01T00:00:00.000Z');
const daysAgo = (days: number): Date => new Date(NOW.getTime() - days * 86_400_000);
const returned = { empty_terminated_at: daysAgo(1) };
const full = { empty_terminated_at: null };

describe('automatic stop of tracking', () => {
  it.each([
    ['every container returned empty', [returned, returned], null, null, 'all_containers_terminated'],
    ['one container still out', [returned, full], null, null, null],
    ['no containers known yet', [], null, null, null],
    ['56 days after arrival', [full], daysAgo(56), null, 'past_arrival_window'],
    ['55 days after arrival', [full], daysAgo(55), null, null],
    ['56 days without news from the line', [full], null, daysAgo(56), 'no_updates_at_line'],
    ['news from the line yesterday', [full], null, daysAgo(1), null],
    ['all returned wins over the windows', [returned], daysAgo(60), daysAgo(60), 'all_containers_terminated'],
    ['arrival window before no updates', [full], daysAgo(60), daysAgo(60), 'past_arrival_window'],
  ])('%s → %s', (_case, containers, podAtaAt, carrierChangedAt, expected) => {
    expect(automaticStopReason({ containers, podAtaAt, carrierChangedAt, now: NOW })).toBe(expected);
  });

  it('a compressed sandbox clock shortens the windows by the same factor', () => {
    const dayMs = 5000;
    const arrived = new Date(NOW.getTime() - 56 * dayMs);
    expect(automaticStopReason({ containers: [full], podAtaAt: arrived, carrierChangedAt: null, now: NOW, dayMs })).toBe(
      'past_arrival_window',
    );
    expect(
      automaticStopReason({ containers: [full], podAtaAt: new Date(arrived.getTime() + 1), carrierChangedAt: null, now: NOW, dayMs }),
    ).toBeNull();
  });
});
