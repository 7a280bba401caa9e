import type { Journey } from '@quayside/domain';
import type { ResourceObject } from '../model/json-api-document';
import { related, text } from './json-api-reading';

export interface Milestone {
  event: string;
  at: string | null;
  location: string | null;
  vessel: string | null;
  voyage: string | null;
}

/** What an operations person asks about one container: where it is, when it lands, what blocks pickup and by when. */
export interface ContainerJourney {
  id: string;
  number: string | null;
  current_status: string | null;
  pod_eta_at: string | null;
  pod_arrived_at: string | null;
  pod_discharged_at: string | null;
  pod_full_out_at: string | null;
  available_for_pickup: unknown;
  ready_for_pickup: unknown;
  last_free_day: string | null;
  last_free_day_source: string | null;
  holds: unknown[];
  fees: unknown[];
  fees_total_by_currency: unknown;
  /** The api's `journey` attribute (libs/domain `journeyOf`, judged by the api); null from an api that does not send it. */
  journey: Journey | null;
  shipment: ShipmentHeadline | null;
  milestones: Milestone[];
}

export interface ShipmentHeadline {
  id: string;
  bill_of_lading_number: string | null;
  shipping_line: string | null;
  port_of_lading: string | null;
  port_of_discharge: string | null;
  /** The inland destination a rail leg ends at (its name, else its UN/LOCODE); null when the journey ends at the port. */
  destination: string | null;
  vessel: string | null;
  voyage: string | null;
  pod_eta_at: string | null;
  pod_ata_at: string | null;
}

export function containerJourney(container: ResourceObject, included: readonly ResourceObject[]): ContainerJourney {
  const a = container.attributes;
  const shipment = related(container, 'shipment', included)[0];
  return {
    id: container.id,
    number: text(a['number']),
    current_status: text(a['current_status']),
    pod_eta_at: text(a['pod_eta_at']),
    pod_arrived_at: text(a['pod_arrived_at']),
    pod_discharged_at: text(a['pod_discharged_at']),
    pod_full_out_at: text(a['pod_full_out_at']),
    available_for_pickup: a['available_for_pickup'] ?? null,
    ready_for_pickup: a['ready_for_pickup'] ?? null,
    last_free_day: text(a['pickup_lfd']),
    last_free_day_source: text(a['pickup_lfd_source']),
    holds: asArray(a['holds_at_pod_terminal']),
    fees: asArray(a['fees_at_pod_terminal']),
    fees_total_by_currency: a['fees_total_by_currency'] ?? null,
    journey: isJourney(a['journey']) ? a['journey'] : null,
    shipment: shipment ? shipmentHeadline(shipment) : null,
    milestones: milestones(related(container, 'transport_events', included)),
  };
}

export function shipmentHeadline(shipment: ResourceObject): ShipmentHeadline {
  const a = shipment.attributes;
  return {
    id: shipment.id,
    bill_of_lading_number: text(a['bill_of_lading_number']),
    shipping_line: text(a['shipping_line_name']) ?? text(a['shipping_line_scac']),
    port_of_lading: text(a['port_of_lading_name']) ?? text(a['port_of_lading_locode']),
    port_of_discharge: text(a['port_of_discharge_name']) ?? text(a['port_of_discharge_locode']),
    destination: text(a['destination_name']) ?? text(a['destination_locode']),
    vessel: text(a['pod_vessel_name']),
    voyage: text(a['pod_voyage_number']),
    pod_eta_at: text(a['pod_eta_at']),
    pod_ata_at: text(a['pod_ata_at']),
  };
}

/** Transport events in time order; invalidated ones (a carrier took them back) are left out. */
export function milestones(events: readonly ResourceObject[]): Milestone[] {
  return events
    .filter((e) => e.attributes['invalidated_at'] === null || e.attributes['invalidated_at'] === undefined)
    .map((e) => ({
      event: text(e.attributes['event']) ?? 'unknown',
      at: text(e.attributes['timestamp']),
      location: text(e.attributes['location_locode']),
      vessel: text(e.attributes['vessel_name']),
      voyage: text(e.attributes['voyage_number']),
    }))
    .sort((x, y) => (x.at ?? '').localeCompare(y.at ?? ''));
}

function isJourney(value: unknown): value is Journey {
  return typeof value === 'object' && value !== null && typeof (value as { phase?: unknown }).phase === 'string';
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? (value as unknown[]) : [];
}
