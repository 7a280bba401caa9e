import { journeyFacts, journeyOf } from '@quayside/domain';
import type { JourneyFacts } from '@quayside/domain';
import type { ResourceObject } from '@quayside/json-api';
import { containerDetail, containerSummary } from './container-summary';
import { ToolInputError } from './tool-result';

const NOW = new Date('2026-08-20T18:00:00.000Z');

const SHIPMENT: ResourceObject = {
  id: 'shipment-1',
  type: 'shipment',
  attributes: {
    bill_of_lading_number: 'TEST-TR-RAIL',
    shipping_line_name: 'Quayside Sandbox Line',
    port_of_discharge_name: 'Los Angeles',
    destination_name: 'Chicago',
    pod_eta_at: '2026-08-18T08:00:00.000Z',
  },
};

const event = (id: string, name: string, at: string, invalidated: string | null = null): ResourceObject => ({
  id,
  type: 'transport_event',
  attributes: { event: name, timestamp: at, location_locode: 'USLAX', invalidated_at: invalidated, created_at: at },
});

/** A container as the api answers it: its attributes with the journey the api judged from them. */
function container(facts: Partial<JourneyFacts>, extra: Record<string, unknown> = {}): ResourceObject {
  const all = journeyFacts(facts);
  return {
    id: 'container-1',
    type: 'container',
    attributes: { number: 'QSDU2012339', pod_eta_at: '2026-08-18T08:00:00.000Z', ...all, ...extra, journey: journeyOf(all, NOW) },
    relationships: {
      shipment: { data: { id: 'shipment-1', type: 'shipment' } },
      transport_events: {
        data: [
          { id: 'e1', type: 'transport_event' },
          { id: 'e2', type: 'transport_event' },
          { id: 'e3', type: 'transport_event' },
        ],
      },
    },
  };
}

const INCLUDED = [
  SHIPMENT,
  event('e1', 'container.transport.vessel_departed', '2026-08-02T10:00:00.000Z'),
  event('e2', 'container.transport.vessel_discharged', '2026-08-18T12:00:00.000Z'),
  event('e3', 'container.transport.full_out', '2026-08-19T12:00:00.000Z', '2026-08-19T13:00:00.000Z'),
];

describe('a container summary is the api’s journey with the number, ETA and shipment', () => {
  it.each([
    [
      'on the water: an ETA, not waiting',
      { pol_vessel_departed_at: '2026-08-02T10:00:00.000Z' },
      { status: 'on_water', eta: '2026-08-18T08:00:00.000Z', waiting_at: null, place_name: 'Los Angeles', at_risk: false },
    ],
    [
      'held at the port, last free day tomorrow: at risk, no ETA once arrived',
      {
        pod_arrived_at: '2026-08-18T08:00:00.000Z',
        pod_discharged_at: '2026-08-18T12:00:00.000Z',
        available_for_pickup: false,
        holds_at_pod_terminal: [{ name: 'customs' as const, status: 'hold' as const, description: null }],
        import_deadlines: { pickup_lfd_line: null, pickup_lfd_terminal: '2026-08-21T07:00:00.000Z', pickup_lfd_rail: null },
      },
      {
        status: 'at_port',
        eta: null,
        arrived_at: '2026-08-18T08:00:00.000Z',
        waiting_at: 'port_of_discharge',
        place_name: 'Los Angeles',
        ready_for_pickup: false,
        last_free_day: '2026-08-21T07:00:00.000Z',
        last_free_day_source: 'terminal',
        days_left: 1,
        holds: [{ name: 'customs', status: 'hold', description: null }],
        at_risk: true,
        risk_reasons: ['last_free_day_soon', 'holds'],
      },
    ],
    [
      'at the inland ramp: the destination is the place',
      {
        pod_arrived_at: '2026-08-18T08:00:00.000Z',
        pod_rail_carrier_scac: 'TSTR',
        pod_rail_loaded_at: '2026-08-19T08:00:00.000Z',
        ind_ata_at: '2026-08-20T08:00:00.000Z',
        ind_facility_holds: [],
      },
      { status: 'at_inland_destination', waiting_at: 'inland_destination', place_name: 'Chicago', holds: [] },
    ],
  ])('%s', (_case, facts, expected) => {
    expect(containerSummary(container(facts), INCLUDED)).toMatchObject({
      id: 'container-1',
      number: 'QSDU2012339',
      shipment: { id: 'shipment-1', bill_of_lading_number: 'TEST-TR-RAIL', shipping_line: 'Quayside Sandbox Line' },
      ...expected,
    });
  });

  it('names the latest milestone still standing, and the detail lists every one in time order', () => {
    const held = container({ pod_discharged_at: '2026-08-18T12:00:00.000Z' });
    expect(containerSummary(held, INCLUDED).last_milestone).toMatchObject({ event: 'container.transport.vessel_discharged' });
    expect(containerDetail(held, INCLUDED).milestones.map((m) => m.event)).toEqual([
      'container.transport.vessel_departed',
      'container.transport.vessel_discharged',
    ]);
  });

  it('refuses a container the api sent without its journey rather than guessing one', () => {
    const bare = container({});
    delete bare.attributes['journey'];
    expect(() => containerSummary(bare, INCLUDED)).toThrow(ToolInputError);
  });
});
