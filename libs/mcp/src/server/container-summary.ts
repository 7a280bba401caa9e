import type { Fee, Hold, Journey, JourneyPhase, JourneyPlace, RiskReason } from '@quayside/domain';
import { containerJourney, milestones, related, text } from '@quayside/json-api';
import type { Milestone, ResourceObject } from '@quayside/json-api';
import { ToolInputError } from './tool-result';

/**
 * One container in a few lines, as an assistant answers "where is it, when does it land, can it
 * be picked up, by when, what blocks it": the api's journey answer for it (its `journey`
 * attribute, the domain's `journeyOf`) with its number, ETA and shipment.
 */
export interface ContainerSummary {
  id: string;
  number: string | null;
  /** Where it is in its journey (docs/containers.md, "Journey"): not_started … on_water, at_port, on_rail, at_inland_destination, picked_up, delivered, empty_returned. */
  status: JourneyPhase;
  /** The line's own status word, when it gave one. */
  line_status: string | null;
  /** Estimated arrival at the port of discharge while it has not arrived; null once arrived. */
  eta: string | null;
  arrived_at: string | null;
  /** Where it waits for pickup now (port_of_discharge or inland_destination); null while it moves and after pickup. */
  waiting_at: JourneyPlace | null;
  /** The name of the place the pickup facts are about (the port of discharge, or the inland destination). */
  place_name: string | null;
  available_for_pickup: boolean | null;
  ready_for_pickup: boolean;
  last_free_day: string | null;
  last_free_day_source: string | null;
  /** Calendar days to the last free day where it waits (0 on the day, negative once passed). */
  days_left: number | null;
  /** Active holds where it waits; null when that place's source does not report holds. */
  holds: Hold[] | null;
  fees_total_by_currency: Record<string, number> | null;
  at_risk: boolean;
  risk_reasons: RiskReason[];
  picked_up_at: string | null;
  /** The latest milestone reported (withdrawn ones left out). */
  last_milestone: Milestone | null;
  shipment: { id: string; bill_of_lading_number: string | null; shipping_line: string | null } | null;
}

/** One container in full: its summary, then the fees where it waits in detail and every milestone. */
export interface ContainerDetail extends ContainerSummary {
  fees: Fee[] | null;
  milestones: Milestone[];
  /** Other containers of the account with the same number (a box tracked again on a later voyage), newest first. */
  other_matches?: string[];
}

export function containerDetail(container: ResourceObject, included: readonly ResourceObject[]): ContainerDetail {
  const journey = journeyOfResource(container);
  return {
    ...summarize(container, included, journey),
    fees: journey.fees,
    milestones: milestones(related(container, 'transport_events', included)),
  };
}

export function containerSummary(container: ResourceObject, included: readonly ResourceObject[]): ContainerSummary {
  return summarize(container, included, journeyOfResource(container));
}

/** The api's own journey answer for the container (its `journey` attribute), judged when the api answered. */
function journeyOfResource(container: ResourceObject): Journey {
  const { journey } = containerJourney(container, []);
  if (journey === null)
    throw new ToolInputError('This Quayside api sends no `journey` with its containers; the MCP server needs an api of the same version.');
  return journey;
}

function summarize(container: ResourceObject, included: readonly ResourceObject[], journey: Journey): ContainerSummary {
  const a = container.attributes;
  const shipment = related(container, 'shipment', included)[0];
  const s = shipment?.attributes ?? {};
  const placeName =
    journey.place === 'port_of_discharge'
      ? (text(s['port_of_discharge_name']) ?? text(s['port_of_discharge_locode']))
      : (text(s['destination_name']) ?? text(s['destination_locode']));
  const arrivedAt = text(a['pod_arrived_at']);
  const events = milestones(related(container, 'transport_events', included));
  return {
    id: container.id,
    number: text(a['number']),
    status: journey.phase,
    line_status: text(a['current_status']),
    eta: arrivedAt === null ? (text(a['pod_eta_at']) ?? text(s['pod_eta_at'])) : null,
    arrived_at: arrivedAt,
    waiting_at: journey.waiting_at,
    place_name: placeName,
    available_for_pickup: journey.available_for_pickup,
    ready_for_pickup: journey.ready_for_pickup,
    last_free_day: journey.last_free_day,
    last_free_day_source: journey.last_free_day_source,
    days_left: journey.days_left,
    holds: journey.holds,
    fees_total_by_currency: journey.fees_total_by_currency,
    at_risk: journey.at_risk,
    risk_reasons: journey.risk_reasons,
    picked_up_at: journey.picked_up_at,
    last_milestone: events.at(-1) ?? null,
    shipment: shipment
      ? {
          id: shipment.id,
          bill_of_lading_number: text(s['bill_of_lading_number']),
          shipping_line: text(s['shipping_line_name']) ?? text(s['shipping_line_scac']),
        }
      : null,
  };
}
