import type { ContainerOverrides } from './container.factory';

const at = (iso: string): Date => new Date(iso);

/**
 * Containers that show the operational fields of docs/containers.md, one scenario each, for
 * `createContainer(db, accountId, CONTAINER_FIXTURES.readyForPickup)`. Dates are instants in
 * UTC; the IANA zones sit beside them as the tracker stores them.
 */
export const CONTAINER_FIXTURES = {
  /**
   * Every operational field set. Available with no hold: ready for pickup. The line's last free
   * day (20 Aug) is LATER than the terminal's (18 Aug) and still wins the coalesced
   * `pickup_lfd`. The fees carry a `total` entry (425.50) restating the others, which sum to
   * 425.50 without it.
   */
  readyForPickup: {
    number: 'MSKU1234565',
    ref_numbers: ['PO-1001'],
    equipment_type: 'reefer',
    equipment_length: 40,
    equipment_height: 'high_cube',
    weight_in_lbs: 52910.5,
    seal_number: 'SL778812',
    pickup_lfd_line: at('2026-08-20T07:00:00.000Z'),
    pickup_lfd_terminal: at('2026-08-18T07:00:00.000Z'),
    pickup_lfd_rail: at('2026-08-24T05:00:00.000Z'),
    pickup_appointment_at: at('2026-08-17T16:00:00.000Z'),
    availability_known: true,
    available_for_pickup: true,
    pod_arrived_at: at('2026-08-12T13:15:00.000Z'),
    pod_discharged_at: at('2026-08-13T02:40:00.000Z'),
    pod_full_out_at: null,
    pod_eta_at: at('2026-08-12T12:00:00.000Z'),
    terminal_checked_at: at('2026-08-14T09:30:00.000Z'),
    pod_full_out_chassis_number: null,
    location_at_pod_terminal: 'Yard - B12',
    final_destination_full_out_at: null,
    empty_terminated_at: null,
    holds_at_pod_terminal: [],
    fees_at_pod_terminal: [
      { type: 'demurrage', amount: 150, currency: 'USD' },
      { type: 'exam', amount: 275.5, currency: 'USD' },
      { type: 'total', amount: 425.5, currency: 'USD' },
    ],
    pod_timezone: 'America/Los_Angeles',
    final_destination_timezone: 'America/Chicago',
    empty_terminated_timezone: 'America/Los_Angeles',
    pod_rail_carrier_scac: 'UPRR',
    ind_rail_carrier_scac: 'BNSF',
    current_status: 'available',
  },
  /** Available, but a customs hold is active: not ready for pickup. */
  availableWithHold: {
    availability_known: true,
    available_for_pickup: true,
    holds_at_pod_terminal: [{ name: 'customs', status: 'hold', description: 'CBP exam ordered' }],
    pickup_lfd_terminal: at('2026-08-18T07:00:00.000Z'),
    pod_timezone: 'America/Los_Angeles',
    current_status: 'not_available',
  },
  /** No line date: the terminal's date wins although the rail date is earlier. */
  terminalAndRailOnly: {
    pickup_lfd_terminal: at('2026-08-19T07:00:00.000Z'),
    pickup_lfd_rail: at('2026-08-16T05:00:00.000Z'),
    availability_known: true,
    available_for_pickup: false,
    pod_timezone: 'America/Los_Angeles',
    final_destination_timezone: 'America/Chicago',
  },
  /** Only the rail carrier reported a last free day (shown to `rail_lfd` accounts only). */
  railOnly: {
    pickup_lfd_rail: at('2026-08-21T05:00:00.000Z'),
    final_destination_timezone: 'America/Chicago',
    ind_rail_carrier_scac: 'BNSF',
  },
  /** Nothing reported by any terminal yet: unknown stays null, holds and fees stay empty arrays. */
  nothingReported: {},
} satisfies Record<string, ContainerOverrides>;
