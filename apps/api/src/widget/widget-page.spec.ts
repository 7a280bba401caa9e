import { journeyOf } from '@quayside/domain';
import type { JourneyFacts } from '@quayside/domain';
import type { ContainerJourney, Milestone, ShipmentHeadline } from '@quayside/json-api';
import { renderWidgetPage } from './widget-page';

const NOW = new Date('2026-08-20T17:00:00.000Z');
const AT = '2026-08-10T00:00:00.000Z';
const SHIPMENT: ShipmentHeadline = {
  id: 's1',
  bill_of_lading_number: 'TEST-TR-RAIL',
  shipping_line: 'Quayside Sandbox Line',
  port_of_lading: 'Shanghai',
  port_of_discharge: 'Los Angeles',
  destination: 'Chicago',
  vessel: 'QUAYSIDE PIONEER',
  voyage: '012E',
  pod_eta_at: AT,
  pod_ata_at: AT,
};

/** TEST-TR-RAIL's container at its end: picked up at the Chicago ramp (no port full out), its rail date passed, returned. */
const RETURNED: JourneyFacts = {
  current_status: 'empty_returned',
  empty_out_at: AT,
  pol_full_in_at: AT,
  pol_vessel_loaded_at: AT,
  pol_vessel_departed_at: AT,
  pod_arrived_at: AT,
  pod_discharged_at: AT,
  pod_full_out_at: null,
  pod_rail_carrier_scac: 'TSTR',
  ind_rail_carrier_scac: null,
  pod_rail_loaded_at: AT,
  pod_rail_departed_at: AT,
  ind_ata_at: AT,
  ind_rail_unloaded_at: AT,
  final_destination_full_out_at: AT,
  delivered_at: null,
  empty_terminated_at: AT,
  available_for_pickup: null,
  holds_at_pod_terminal: [],
  fees_at_pod_terminal: [],
  ind_facility_holds: null,
  ind_facility_fees: null,
  import_deadlines: { pickup_lfd_line: null, pickup_lfd_terminal: null, pickup_lfd_rail: '2026-08-17T05:00:00.000Z' },
  ind_facility_lfd_on: null,
  pod_timezone: 'America/Los_Angeles',
  final_destination_timezone: 'America/Chicago',
};

const milestone = (event: string, location: string | null): Milestone => ({ event, at: AT, location, vessel: null, voyage: null });

function container(facts: JourneyFacts, milestones: Milestone[]): ContainerJourney {
  return {
    id: 'c1',
    number: 'QSDU2012339',
    current_status: facts.current_status,
    pod_eta_at: AT,
    pod_arrived_at: AT,
    pod_discharged_at: AT,
    pod_full_out_at: null,
    available_for_pickup: null,
    ready_for_pickup: false,
    last_free_day: null,
    last_free_day_source: null,
    holds: [],
    fees: [],
    fees_total_by_currency: {},
    journey: journeyOf(facts, NOW),
    shipment: SHIPMENT,
    milestones,
  };
}

/** The facts of the page as term → value, and its timeline lines as text. */
function read(html: string): { facts: Record<string, string>; lines: string[] } {
  const facts = Object.fromEntries([...html.matchAll(/<dt>([^<]*)<\/dt><dd>([^<]*)<\/dd>/g)].map((m) => [m[1]!, m[2]!]));
  const lines = [...html.matchAll(/<li[^>]*>(.*?)<\/li>/g)].map((m) => m[1]!.replace(/<[^>]+>/g, ''));
  return { facts, lines };
}

describe('widget page', () => {
  const page = (c: ContainerJourney) =>
    renderWidgetPage({ title: 'Container', shipment: SHIPMENT, containers: [c], mapUrl: null, tileUrl: null });

  it("says what the journey says of TEST-TR-RAIL's returned container: returned, picked up in Chicago, not at risk", () => {
    const { facts } = read(page(container(RETURNED, [])));
    expect(facts).toMatchObject({
      Status: 'Empty returned',
      Pickup: 'Picked up, empty returned',
      'Picked up at': 'Chicago',
      Holds: 'Not reported',
      'At risk': 'No',
    });
    expect(facts['Last free day']).toBe('2026-08-17 (rail carrier)');
  });

  it('says each event in words at the place it refers to: a rail last free day inland, the coalesced one nowhere', () => {
    const { lines } = read(
      page(
        container(RETURNED, [
          milestone('container.transport.vessel_discharged', 'USLAX'),
          milestone('container.pickup_lfd_rail.changed', 'USLAX'),
          milestone('container.pickup_lfd.changed', 'USLAX'),
          milestone('container.pickup_lfd_terminal.changed', null),
        ]),
      ),
    );
    expect(lines).toEqual([
      'Discharged from the vessel 2026-08-10 USLAX',
      'Last free day at the rail terminal changed 2026-08-10 Chicago',
      'Last free day changed 2026-08-10',
      'Last free day at the port terminal changed 2026-08-10 Los Angeles',
    ]);
  });

  it('counts the days left where it waits, and says why it is at risk', () => {
    const atRamp: JourneyFacts = { ...RETURNED, current_status: null, final_destination_full_out_at: null, empty_terminated_at: null };
    const { facts } = read(
      page(container({ ...atRamp, import_deadlines: { ...atRamp.import_deadlines, pickup_lfd_rail: '2026-08-22T05:00:00.000Z' } }, [])),
    );
    expect(facts).toMatchObject({
      Status: 'At the inland destination',
      Pickup: 'Availability not reported',
      'Pickup at': 'Chicago',
      'Last free day': '2026-08-22 (rail carrier, 2 days left)',
      'At risk': 'Last free day is close',
    });
  });
});
