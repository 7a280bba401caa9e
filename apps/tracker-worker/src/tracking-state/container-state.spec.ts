import type { CarrierContainerSnapshot, CarrierMilestone, CarrierShipmentSnapshot, RailContainerStatus } from '@quayside/carriers';
import type { ContainerEntity } from '@quayside/data-access';
import type { MilestoneEventName } from '@quayside/domain';
import { deriveContainerStatus, nextContainer } from './container-state';
import type { Observation } from './observation';

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
    [
      'on the water',
      [m('container.transport.vessel_loaded', 'CNSHA'), m('container.transport.vessel_departed', 'CNSHA')],
      null,
      false,
      'on_ship',
    ],
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

describe('the inland facility and the rail answer time of a container', () => {
  const CONTAINER: CarrierContainerSnapshot = {
    number: 'QFDU1000005',
    isoSizeType: null,
    equipment: null,
    sealNumber: null,
    weightLbs: null,
    milestones: [],
    estimates: [],
    pickupLfdLine: null,
    podRailCarrierScac: 'TSTR',
    emptyReturned: false,
  };
  const CARRIER: CarrierShipmentSnapshot = {
    billOfLadingNumber: 'FIELDS-BL-1',
    bookingNumber: null,
    portOfLading: null,
    portOfDischarge: null,
    destination: null,
    podVessel: null,
    polEtdAt: null,
    polAtdAt: null,
    podEtaAt: null,
    podAtaAt: null,
    destinationEtaAt: null,
    destinationAtaAt: null,
    podTerminalFirmsCode: null,
    pickupLfdLine: null,
    containers: [CONTAINER],
    cancelled: false,
  };
  const RAIL: RailContainerStatus = {
    containerNumber: CONTAINER.number,
    railCarrierScac: 'TSTR',
    milestones: [],
    pickupLfdRail: null,
    destination: null,
    destinationEtaAt: null,
    checkedAt: '2026-08-20T10:00:00.000Z',
  };
  const observe = (rail: Partial<Observation['rail']>): Observation => ({
    carrier: CARRIER,
    terminal: { kind: 'not_served' },
    rail: { byContainer: new Map(), failed: new Set(), ...rail },
    podTerminalId: null,
    portIds: new Map(),
    observedAt: new Date('2026-08-20T10:00:00.000Z'),
    sources: {},
  });
  const view = { accountId: 'a', features: [] };
  const columnsOf = (observation: Observation, stored: ContainerEntity | null = null) =>
    nextContainer(observation, CONTAINER, stored, view).columns;

  it("normalizes the holds and fees the rail source reports at the inland facility, like a terminal's", () => {
    const status: RailContainerStatus = {
      ...RAIL,
      facilityHolds: [{ name: 'CUSTOMS', status: 'HOLD', description: 'Exam' }],
      facilityFees: [{ code: 'DEMURRAGE', amount: '150.00', currency: 'USD' }],
    };
    const columns = columnsOf(observe({ byContainer: new Map([[CONTAINER.number, status]]) }));
    expect(columns.ind_facility_holds).toEqual([{ name: 'customs', status: 'hold', description: 'Exam' }]);
    expect(columns.ind_facility_fees).toEqual([expect.objectContaining({ type: 'demurrage', amount: 150, currency: 'USD' })]);
    expect(columns.rail_last_tracking_request_at).toEqual(new Date(RAIL.checkedAt));
  });

  it('leaves them null when the rail source does not report them, and [] when it reports none', () => {
    expect(columnsOf(observe({ byContainer: new Map([[CONTAINER.number, RAIL]]) }))).toMatchObject({
      ind_facility_holds: null,
      ind_facility_fees: null,
    });
    const none = { ...RAIL, facilityHolds: [], facilityFees: [] };
    expect(columnsOf(observe({ byContainer: new Map([[CONTAINER.number, none]]) }))).toMatchObject({
      ind_facility_holds: [],
      ind_facility_fees: [],
    });
  });

  it('keeps what is stored while the rail source cannot be asked', () => {
    const stored = {
      ind_facility_holds: [{ name: 'customs', status: 'hold', description: null }],
      ind_facility_fees: [],
      rail_last_tracking_request_at: new Date('2026-08-19T10:00:00.000Z'),
    } as Partial<ContainerEntity> as ContainerEntity;
    expect(columnsOf(observe({ failed: new Set([CONTAINER.number]) }), stored)).toMatchObject({
      ind_facility_holds: stored.ind_facility_holds,
      ind_facility_fees: [],
      rail_last_tracking_request_at: stored.rail_last_tracking_request_at,
    });
  });
});
