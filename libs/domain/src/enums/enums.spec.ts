import { EQUIPMENT_HEIGHTS, EQUIPMENT_LENGTHS, EQUIPMENT_TYPES } from './equipment.enum';
import { ESTIMATED_EVENT_NAMES, EVENT_NAMES, MILESTONE_EVENT_NAMES } from './event-name.enum';
import { FEE_TYPES, HOLD_NAMES, HOLD_STATUSES } from './holds-and-fees.enum';
import { CONTAINER_PARTY_ROLES, PARTY_ROLES, ROLEABLE_TYPES } from './party-role.enum';
import {
  FAILED_REASONS,
  PERMANENT_FAILED_REASONS,
  REQUEST_TYPES,
  TEMPORARY_FAILED_REASONS,
  TRACKING_REQUEST_STATUSES,
} from './tracking-request.enum';

// Clients match these strings byte for byte, so the lists are pinned exactly as written.
describe('enums are exactly the documented values', () => {
  it.each([
    ['hold names', HOLD_NAMES, ['freight', 'customs', 'USDA', 'VACIS', 'TMF', 'other']],
    ['hold statuses', HOLD_STATUSES, ['hold', 'pending']],
    ['fee types', FEE_TYPES, ['demurrage', 'extended_dwell_time', 'exam', 'total', 'other']],
    ['equipment types', EQUIPMENT_TYPES, ['dry', 'reefer', 'open top', 'flat rack', 'bulk', 'tank']],
    ['equipment lengths', EQUIPMENT_LENGTHS, [10, 20, 40, 45]],
    ['equipment heights', EQUIPMENT_HEIGHTS, ['standard', 'high_cube']],
    [
      'party roles',
      PARTY_ROLES,
      ['shipper', 'consignee', 'notify_party', 'customs_broker', 'customer', 'freight_forwarder', 'pickup_dray_carrier'],
    ],
    ['container party roles', CONTAINER_PARTY_ROLES, ['pickup_dray_carrier']],
    ['roleable types', ROLEABLE_TYPES, ['Shipment', 'Cargo']],
    ['tracking request statuses', TRACKING_REQUEST_STATUSES, ['pending', 'succeeded', 'failed', 'awaiting_manifest', 'tracking_stopped']],
    ['request types', REQUEST_TYPES, ['bill_of_lading', 'booking_number', 'container']],
    [
      'temporary failed reasons',
      TEMPORARY_FAILED_REASONS,
      ['unrecognized_response', 'shipping_line_unreachable', 'internal_processing_error', 'awaiting_manifest'],
    ],
    [
      'permanent failed reasons',
      PERMANENT_FAILED_REASONS,
      ['duplicate', 'expired', 'retries_exhausted', 'not_found', 'invalid_number', 'booking_cancelled', 'data_unavailable'],
    ],
  ] as const)('%s', (_label, actual, expected) => {
    expect([...actual]).toEqual([...expected]);
  });

  it('failed reasons are the temporary then the permanent ones, without overlap', () => {
    expect(FAILED_REASONS).toHaveLength(11);
    expect(new Set(FAILED_REASONS).size).toBe(11);
  });

  it('has the 43 event names of the established API, each once', () => {
    expect(EVENT_NAMES).toHaveLength(43);
    expect(new Set(EVENT_NAMES).size).toBe(43);
  });

  it('milestones and estimates are disjoint subsets of the catalog', () => {
    const all = new Set<string>(EVENT_NAMES);
    for (const name of [...MILESTONE_EVENT_NAMES, ...ESTIMATED_EVENT_NAMES]) expect(all.has(name)).toBe(true);
    const milestones = new Set<string>(MILESTONE_EVENT_NAMES);
    for (const name of ESTIMATED_EVENT_NAMES) expect(milestones.has(name)).toBe(false);
  });
});
