import { DELIVERY_STATUSES, EVENT_NAMES, MILESTONE_EVENT_NAMES } from '../enums/event-name.enum';
import { TRACKING_REQUEST_STATUSES, TRACKING_STOPPED_REASONS } from '../enums/tracking-request.enum';
import { EVENT_CATALOG } from '../events/event-catalog';
import { JOURNEY_PHASES, JOURNEY_PLACES, LAST_FREE_DAY_SOURCES, PICKUP_STATUSES, RISK_REASONS } from '../journey/container-journey.rules';
import { CONTAINER_STATUSES } from '../resources/container';
import { EVENT_WORDING, HUMAN_WORDS } from './human-words';

/** A machine name as surfaces used to leak it: dotted (`container.updated`) or snake_case (`empty_returned`). */
const MACHINE_NAME = /[a-z]\.[a-z]|[a-z]_[a-z]/i;

describe('human words', () => {
  it('has words, a place and a kind for every event of the catalogue, and no other', () => {
    expect(Object.keys(EVENT_WORDING).sort()).toEqual([...EVENT_NAMES].sort());
  });

  it.each<[string, readonly string[], Readonly<Record<string, unknown>>]>([
    ['container statuses', CONTAINER_STATUSES, HUMAN_WORDS.container_statuses],
    ['journey phases', JOURNEY_PHASES, HUMAN_WORDS.journey_phases],
    ['journey places', JOURNEY_PLACES, HUMAN_WORDS.journey_places],
    ['pickup statuses', PICKUP_STATUSES, HUMAN_WORDS.pickup_statuses],
    ['last free day sources', LAST_FREE_DAY_SOURCES, HUMAN_WORDS.last_free_day_sources],
    ['risk reasons', RISK_REASONS, HUMAN_WORDS.risk_reasons],
    ['tracking request statuses', TRACKING_REQUEST_STATUSES, HUMAN_WORDS.tracking_request_statuses],
    ['tracking stopped reasons', TRACKING_STOPPED_REASONS, HUMAN_WORDS.tracking_stopped_reasons],
    ['delivery statuses', DELIVERY_STATUSES, HUMAN_WORDS.delivery_statuses],
  ])('covers every one of the %s', (_what, values, words) => {
    expect(Object.keys(words).sort()).toEqual([...values].sort());
  });

  it('never reads as a machine name', () => {
    const all = [
      ...Object.values(EVENT_WORDING).map((entry) => entry.words),
      ...Object.values(HUMAN_WORDS).flatMap((table) => (table === EVENT_WORDING ? [] : Object.values(table as Record<string, string>))),
    ];
    expect(all.filter((words) => MACHINE_NAME.test(words) || words.trim() !== words || words.length < 3)).toEqual([]);
    expect(new Set(Object.values(EVENT_WORDING).map((entry) => entry.words)).size).toBe(EVENT_NAMES.length);
  });

  it.each(EVENT_NAMES.map((name) => [name] as const))('%s: a milestone exactly when the catalogue makes it one', (name) => {
    expect(EVENT_WORDING[name].kind === 'milestone').toBe((MILESTONE_EVENT_NAMES as readonly string[]).includes(name));
    if (EVENT_CATALOG[name].group === 'tracking_request' || EVENT_CATALOG[name].group === 'document')
      expect(EVENT_WORDING[name]).toMatchObject({ kind: 'notice', place: null });
  });

  it.each([
    ['container.pickup_lfd_rail.changed', 'Last free day at the rail terminal changed', 'inland_destination'],
    ['container.pickup_lfd_terminal.changed', 'Last free day at the port terminal changed', 'port_of_discharge'],
    [
      'container.transport.estimated.arrived_at_inland_destination',
      'Estimated arrival at the inland destination changed',
      'inland_destination',
    ],
    ['container.transport.vessel_discharged', 'Discharged from the vessel', 'reported'],
  ] as const)('%s reads "%s" at the %s', (name, words, place) => {
    expect(EVENT_WORDING[name]).toMatchObject({ words, place });
  });
});
