import type { RailTerminalRecord } from '@quayside/domain';
import { ResourceRegistry } from '@quayside/json-api';
import type { ResourceObject } from '@quayside/json-api';
import { SAMPLE_IDS, exampleList, sampleResource } from '../openapi/example-documents';
import { RAIL_TERMINAL_TYPE, railTerminalResource } from '../rail-terminals/rail-terminal.resource';

/** OpenAPI example of a container's transport events: the sample container discharged at Oakland. */
const TRANSPORT_EVENT = sampleResource('transport_event', 'container.transport.vessel_discharged');
export const TRANSPORT_EVENTS_EXAMPLE = exampleList(`/v2/containers/${SAMPLE_IDS.container}/transport_events`, [TRANSPORT_EVENT]);

/** The sandbox rail carrier's ramp at Chicago, as `rail_terminals` records it (docs/containers.md, "Rail terminals"). */
const SAMPLE_RAIL_TERMINAL: RailTerminalRecord = {
  id: '3f0c9a52-7d1e-4b8e-9c6a-2e5d8b1f4a70',
  name: 'Quayside Sandbox Rail Ramp',
  nickname: null,
  firms_code: 'TSR1',
  locode: 'USCHI',
  port_id: null,
  metro_area_id: 'c1a4e0f2-5b7d-4e39-8a6c-9d2f1b3e7a05',
  created_at: new Date('2026-08-27T14:00:00Z'),
  updated_at: new Date('2026-08-27T14:00:00Z'),
};

// Serialized by the resource's own definition, so the example cannot drift from what the api answers.
const RAIL_TERMINAL = new ResourceRegistry<object>()
  .register(railTerminalResource({ ports: async () => [], metroAreas: async () => [] }))
  .serialize(RAIL_TERMINAL_TYPE, SAMPLE_RAIL_TERMINAL);

/** The same container arriving by rail at the inland ramp, with `include=terminal`: the event's terminal is a `rail_terminal`. */
const RAIL_EVENT: ResourceObject = {
  ...TRANSPORT_EVENT,
  id: '8d3b6e21-4c0a-4f7e-b5d9-1a2c3e4f5b60',
  attributes: {
    ...TRANSPORT_EVENT.attributes,
    event: 'container.transport.rail_arrived',
    timestamp: '2026-08-27T13:40:00.000Z',
    timezone: 'America/Chicago',
    location_locode: 'USCHI',
    data_source: 'rail',
    voyage_number: null,
    vessel_name: null,
    vessel_imo: null,
  },
  relationships: {
    ...TRANSPORT_EVENT.relationships,
    location: { data: null },
    terminal: { data: { id: RAIL_TERMINAL.id, type: RAIL_TERMINAL_TYPE } },
    vessel: { data: null },
  },
};
export const RAIL_TRANSPORT_EVENTS_EXAMPLE = exampleList(
  `/v2/containers/${SAMPLE_IDS.container}/transport_events`,
  [RAIL_EVENT],
  [RAIL_TERMINAL],
);
