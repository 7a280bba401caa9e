import type { JourneyFacts } from './journey-facts';

/**
 * A container with nothing reported yet, bound from Los Angeles (its port of discharge) to
 * Chicago, as journey facts; `overrides` put it where a test needs it. The journey rules' specs
 * and those of the api's serialisation and the MCP tools build their containers from it, so a
 * fact added to `JourneyFacts` is added to their fixtures in one place.
 *
 * It lives in libs/domain rather than libs/testing: the domain may depend on no other lib, its
 * specs included (the `type:domain` boundary in eslint.config.mjs), and libs/testing brings the
 * database, Redis and servers with it, which pure specs have no use for.
 *
 * @internal Exported for tests: the journey specs of json-api and mcp build their containers from it.
 */
export function journeyFacts(overrides: Partial<JourneyFacts> = {}): JourneyFacts {
  return {
    current_status: null,
    empty_out_at: null,
    pol_full_in_at: null,
    pol_vessel_loaded_at: null,
    pol_vessel_departed_at: null,
    pod_arrived_at: null,
    pod_discharged_at: null,
    pod_full_out_at: null,
    pod_rail_carrier_scac: null,
    ind_rail_carrier_scac: null,
    pod_rail_loaded_at: null,
    pod_rail_departed_at: null,
    ind_ata_at: null,
    ind_rail_unloaded_at: null,
    final_destination_full_out_at: null,
    delivered_at: null,
    empty_terminated_at: null,
    available_for_pickup: null,
    holds_at_pod_terminal: [],
    fees_at_pod_terminal: [],
    ind_facility_holds: null,
    ind_facility_fees: null,
    import_deadlines: { pickup_lfd_line: null, pickup_lfd_terminal: null, pickup_lfd_rail: null },
    ind_facility_lfd_on: null,
    pod_timezone: 'America/Los_Angeles',
    final_destination_timezone: 'America/Chicago',
    ...overrides,
  };
}
