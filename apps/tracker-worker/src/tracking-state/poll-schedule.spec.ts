import type { ObservationDecision } from '@quayside/data-access';
import type { RefreshPhase } from '@quayside/domain';
import { keepPollSchedule } from './poll-schedule';

const at = (hour: number): Date => new Date(Date.UTC(2026, 10, 29, hour));
type Schedule = { refresh_phase: RefreshPhase | null; next_refresh_at: Date | null; fresh_until: Date | null };
const decision = (carrierShipment: Partial<Schedule> | undefined): ObservationDecision<null> => ({
  writes: [],
  ...(carrierShipment === undefined ? {} : { carrierShipment }),
  value: null,
});

describe('the poll schedule after a push applied over the kept answer', () => {
  const stored: Schedule = { refresh_phase: 'on_water', next_refresh_at: at(10), fresh_until: at(11) };

  it.each<[string, Partial<Schedule> | undefined, Partial<Schedule> | undefined]>([
    [
      'same phase, later times: the poll stays when it was due',
      { refresh_phase: 'on_water', next_refresh_at: at(14), fresh_until: at(15) },
      { refresh_phase: 'on_water', next_refresh_at: at(10), fresh_until: at(11) },
    ],
    [
      'same phase, earlier times (jitter): the poll still stays when it was due',
      { refresh_phase: 'on_water', next_refresh_at: at(9), fresh_until: at(9) },
      { refresh_phase: 'on_water', next_refresh_at: at(10), fresh_until: at(11) },
    ],
    [
      'a phase refreshed more often: brought forward',
      { refresh_phase: 'arriving', next_refresh_at: at(8), fresh_until: at(9) },
      { refresh_phase: 'arriving', next_refresh_at: at(8), fresh_until: at(9) },
    ],
    [
      'another phase, later times: never put off',
      { refresh_phase: 'unknown', next_refresh_at: at(20), fresh_until: at(21) },
      { refresh_phase: 'unknown', next_refresh_at: at(10), fresh_until: at(11) },
    ],
    [
      'nobody follows it any more: unscheduled',
      { refresh_phase: null, next_refresh_at: null, fresh_until: at(15) },
      { refresh_phase: null, next_refresh_at: null, fresh_until: at(11) },
    ],
    ['nothing decided about the schedule: nothing written', undefined, undefined],
  ])('%s', (_case, decided, written) => {
    expect(keepPollSchedule(decision(decided), stored).carrierShipment).toEqual(written);
  });

  it('a shipment with no schedule yet takes the decided one', () => {
    const decided = { refresh_phase: 'on_water' as const, next_refresh_at: at(14), fresh_until: at(15) };
    expect(keepPollSchedule(decision(decided), { refresh_phase: null, next_refresh_at: null, fresh_until: null }).carrierShipment).toEqual(
      decided,
    );
  });
});
