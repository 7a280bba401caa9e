import type { CarrierMilestone } from '@quayside/carriers';
import type { MilestoneEventName } from '@quayside/domain';
import { deriveContainerStatus } from './container-state';

const m = (event: MilestoneEventName, locode = 'USLAX'): CarrierMilestone => ({
  event,
  timestamp: '2026-08-14T00:00:00.000Z',
  timezone: null,
  locode,
  vesselName: null,
  vesselImo: null,
  voyageNumber: null,
  dataSource: 'shipping_line',
});

describe('container status from the facts only', () => {
  it.each<[string, CarrierMilestone[], boolean | null, boolean, string]>([
    ['nothing yet', [], null, false, 'new'],
    ['gated in at origin', [m('container.transport.empty_out', 'CNSHA'), m('container.transport.full_in', 'CNSHA')], null, false, 'new'],
    ['on the water', [m('container.transport.vessel_loaded', 'CNSHA'), m('container.transport.vessel_departed', 'CNSHA')], null, false, 'on_ship'],
    ['transshipping', [m('container.transport.transshipment_discharged', 'SGSIN')], null, false, 'on_ship'],
    ['arrived, not discharged', [m('container.transport.vessel_arrived')], null, false, 'on_ship'],
    ['discharged, terminal silent', [m('container.transport.vessel_discharged')], null, false, 'grounded'],
    ['discharged and available', [m('container.transport.vessel_discharged')], true, false, 'available'],
    ['discharged, not available', [m('container.transport.vessel_discharged')], false, false, 'not_available'],
    ['discharged, rail leg ahead', [m('container.transport.vessel_discharged')], true, true, 'awaiting_inland_transfer'],
    ['on rail', [m('container.transport.vessel_discharged'), m('container.transport.rail_departed')], null, true, 'on_rail'],
    ['at the inland ramp', [m('container.transport.rail_unloaded', 'USCHI')], null, true, 'grounded'],
    ['gated out', [m('container.transport.full_out')], true, false, 'picked_up'],
    ['delivered', [m('container.transport.full_out'), m('container.transport.delivered')], true, false, 'delivered'],
    ['empty returned', [m('container.transport.full_out'), m('container.transport.empty_in')], true, false, 'empty_returned'],
  ])('%s → %s', (_case, milestones, available, rail, status) => {
    expect(deriveContainerStatus(milestones, 'USLAX', available, rail)).toBe(status);
  });
});
