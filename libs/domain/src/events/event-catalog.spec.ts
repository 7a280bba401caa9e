import { EVENT_NAMES, ESTIMATED_EVENT_NAMES, MILESTONE_EVENT_NAMES } from '../enums/event-name.enum';
import { REFERENCE_OBJECT_TYPES } from '../resources/webhook';
import { EVENT_CATALOG, EVENT_GROUPS, eventsInGroup, isEventAvailableTo } from './event-catalog';

const EXPECTED_GROUPS: Record<string, string> = {
  'tracking_request.succeeded': 'tracking_request',
  'tracking_request.failed': 'tracking_request',
  'tracking_request.awaiting_manifest': 'tracking_request',
  'tracking_request.tracking_stopped': 'tracking_request',
  'container.created': 'container',
  'container.updated': 'container',
  'container.pod_terminal_changed': 'container',
  'container.pickup_appointment.changed': 'container',
  'container.pickup_lfd.changed': 'last_free_day',
  'container.pickup_lfd_line.changed': 'last_free_day',
  'container.pickup_lfd_terminal.changed': 'last_free_day',
  'container.pickup_lfd_rail.changed': 'last_free_day',
  'container.transport.available': 'availability',
  'container.transport.not_available': 'availability',
  'document.extracted': 'document',
  'document.extraction_failed': 'document',
  ...Object.fromEntries(MILESTONE_EVENT_NAMES.map((name) => [name, 'container_milestone'])),
  ...Object.fromEntries(ESTIMATED_EVENT_NAMES.map((name) => [name, 'estimated'])),
};

describe('event catalog', () => {
  it('has all 43 reference events, in the established API order', () => {
    expect(Object.keys(EVENT_CATALOG)).toEqual([...EVENT_NAMES]);
    expect(Object.keys(EXPECTED_GROUPS)).toHaveLength(43);
  });

  it.each(EVENT_NAMES.map((name) => [name, EXPECTED_GROUPS[name]]))('%s is in group %s with a description', (name, group) => {
    const entry = EVENT_CATALOG[name];
    expect(entry.name).toBe(name);
    expect(entry.group).toBe(group);
    expect(entry.description.length).toBeGreaterThan(10);
    if (entry.reference_object_type !== null) expect(REFERENCE_OBJECT_TYPES).toContain(entry.reference_object_type);
  });

  it.each(EVENT_NAMES.map((name) => [name, name === 'container.pickup_lfd_rail.changed' ? 'rail_lfd' : null]))(
    '%s needs feature %s',
    (name, feature) => {
      expect(EVENT_CATALOG[name].required_feature).toBe(feature);
    },
  );

  it.each([
    ['tracking_request.failed', 'tracking_request'],
    ['container.transport.vessel_departed', 'transport_event'],
    ['container.transport.estimated.vessel_arrived', 'estimated_event'],
    ['shipment.estimated.arrival', 'estimated_event'],
    ['container.created', 'container'],
    ['container.updated', 'container_updated_event'],
    ['container.pod_terminal_changed', 'container_pod_terminal_changed_event'],
    ['container.pickup_lfd_line.changed', 'transport_event'],
    ['container.transport.available', 'transport_event'],
    ['document.extracted', 'document'],
    ['document.extraction_failed', 'document'],
  ] as const)('%s notifications refer to a %s', (name, type) => {
    expect(EVENT_CATALOG[name].reference_object_type).toBe(type);
  });

  it('every group has events and the groups partition the catalog', () => {
    const sizes = EVENT_GROUPS.map((group) => eventsInGroup(group).length);
    for (const size of sizes) expect(size).toBeGreaterThan(0);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(43);
  });

  it('the rail last free day event needs rail_lfd; every other event is open to all', () => {
    expect(isEventAvailableTo('container.pickup_lfd_rail.changed', [])).toBe(false);
    expect(isEventAvailableTo('container.pickup_lfd_rail.changed', ['rail_lfd'])).toBe(true);
    expect(EVENT_NAMES.filter((name) => !isEventAvailableTo(name, []))).toEqual(['container.pickup_lfd_rail.changed']);
  });
});
