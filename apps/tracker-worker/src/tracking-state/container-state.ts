import type {
  CarrierContainerSnapshot,
  CarrierMilestone,
  CarrierShipmentSnapshot,
  RailContainerStatus,
  TerminalContainerStatus,
} from '@quayside/carriers';
import type { ContainerEntity } from '@quayside/data-access';
import type { ContainerSnapshot, ContainerStatus, EstimateSnapshot, MilestoneEventName, MilestoneSnapshot } from '@quayside/domain';
import { coalescePickupLfd, normalizeTerminalReport } from '@quayside/domain';
import type { AccountView, Observation } from './observation';

/** The container columns the tracker owns; every write sets all of them, so updates batch by one column set. */
export type TrackedContainerColumns = Pick<
  ContainerEntity,
  | 'equipment_type'
  | 'equipment_length'
  | 'equipment_height'
  | 'weight_in_lbs'
  | 'seal_number'
  | 'pod_terminal_id'
  | 'pickup_lfd'
  | 'pickup_lfd_line'
  | 'pickup_lfd_terminal'
  | 'pickup_lfd_rail'
  | 'pickup_appointment_at'
  | 'availability_known'
  | 'available_for_pickup'
  | 'pod_arrived_at'
  | 'pod_discharged_at'
  | 'pod_full_out_at'
  | 'pod_eta_at'
  | 'terminal_checked_at'
  | 'location_at_pod_terminal'
  | 'final_destination_full_out_at'
  | 'empty_terminated_at'
  | 'holds_at_pod_terminal'
  | 'fees_at_pod_terminal'
  | 'pod_timezone'
  | 'final_destination_timezone'
  | 'empty_terminated_timezone'
  | 'pod_rail_carrier_scac'
  | 'ind_rail_carrier_scac'
  | 'ind_rail_terminal_id'
  | 'shipment_last_tracking_request_at'
  | 'pod_rail_loaded_at'
  | 'pod_rail_departed_at'
  | 'ind_eta_at'
  | 'ind_ata_at'
  | 'ind_rail_unloaded_at'
  | 'current_status'
  | 'last_snapshot'
  | 'pol_full_in_at'
  | 'pol_vessel_loaded_at'
  | 'pol_vessel_departed_at'
  | 'empty_out_at'
  | 'delivered_at'
  | 'ind_facility_holds'
  | 'ind_facility_fees'
  | 'rail_last_tracking_request_at'
>;

export interface NextContainer {
  snapshot: ContainerSnapshot;
  columns: TrackedContainerColumns;
}

const toDate = (value: string | null | undefined): Date | null => (value ? new Date(value) : null);
const toIso = (value: Date | null): string | null => (value ? value.toISOString() : null);

/** The terminal's view of one container: fresh, kept from the stored row (terminal unreachable), or absent. */
type TerminalFacts = Pick<
  TrackedContainerColumns,
  | 'available_for_pickup'
  | 'availability_known'
  | 'holds_at_pod_terminal'
  | 'fees_at_pod_terminal'
  | 'pickup_lfd_terminal'
  | 'pickup_appointment_at'
  | 'location_at_pod_terminal'
  | 'terminal_checked_at'
> & { discharged_at: Date | null; full_out_at: Date | null };

const NO_TERMINAL_DATA: TerminalFacts = {
  available_for_pickup: null,
  availability_known: false,
  holds_at_pod_terminal: [],
  fees_at_pod_terminal: [],
  pickup_lfd_terminal: null,
  pickup_appointment_at: null,
  location_at_pod_terminal: null,
  terminal_checked_at: null,
  discharged_at: null,
  full_out_at: null,
};

function terminalFacts(observation: Observation, number: string, stored: ContainerEntity | null): TerminalFacts {
  const terminal = observation.terminal;
  switch (terminal.kind) {
    case 'not_served':
      return NO_TERMINAL_DATA;
    case 'failed':
      return stored === null
        ? NO_TERMINAL_DATA
        : {
            available_for_pickup: stored.available_for_pickup,
            availability_known: stored.availability_known,
            holds_at_pod_terminal: stored.holds_at_pod_terminal,
            fees_at_pod_terminal: stored.fees_at_pod_terminal,
            pickup_lfd_terminal: stored.pickup_lfd_terminal,
            pickup_appointment_at: stored.pickup_appointment_at,
            location_at_pod_terminal: stored.location_at_pod_terminal,
            terminal_checked_at: stored.terminal_checked_at,
            discharged_at: null,
            full_out_at: null,
          };
    case 'found': {
      const status: TerminalContainerStatus | undefined = terminal.byContainer.get(number);
      // Asked, and the terminal does not (yet) know the container: checked, nothing reported.
      if (status === undefined) return { ...NO_TERMINAL_DATA, terminal_checked_at: terminal.checkedAt };
      // The terminal's own words become the documented holds and fees here; unknown codes stay visible as `other`.
      const report = normalizeTerminalReport(status.reportedHolds, status.reportedFees);
      return {
        available_for_pickup: status.availableForPickup,
        availability_known: status.availableForPickup !== null,
        holds_at_pod_terminal: report.holds,
        fees_at_pod_terminal: report.fees,
        pickup_lfd_terminal: toDate(status.pickupLfdTerminal),
        pickup_appointment_at: toDate(status.pickupAppointmentAt),
        location_at_pod_terminal: status.locationAtPodTerminal,
        terminal_checked_at: toDate(status.checkedAt),
        discharged_at: toDate(status.dischargedAt),
        full_out_at: toDate(status.fullOutAt),
      };
    }
  }
}

type InlandFacility = Pick<
  TrackedContainerColumns,
  'ind_facility_holds' | 'ind_facility_fees' | 'rail_last_tracking_request_at' | 'ind_rail_terminal_id'
>;

/**
 * Rail facts: fresh, kept (rail unreachable), or none. The rail last free day only for accounts
 * with `rail_lfd`. The inland facility's holds and fees are normalized like a terminal's; null
 * when the rail source does not report them. `rail_last_tracking_request_at` is the last answer
 * of a rail carrier about this container, kept while none answers.
 */
function railFacts(
  observation: Observation,
  number: string,
  stored: ContainerEntity | null,
  view: AccountView,
): {
  status: RailContainerStatus | null;
  pickupLfdRail: Date | null;
  facility: InlandFacility;
} {
  const mayHaveLfd = view.features.includes('rail_lfd');
  const kept: InlandFacility = {
    ind_facility_holds: stored?.ind_facility_holds ?? null,
    ind_facility_fees: stored?.ind_facility_fees ?? null,
    rail_last_tracking_request_at: stored?.rail_last_tracking_request_at ?? null,
    ind_rail_terminal_id: stored?.ind_rail_terminal_id ?? null,
  };
  if (observation.rail.failed.has(number))
    return { status: null, pickupLfdRail: mayHaveLfd ? (stored?.pickup_lfd_rail ?? null) : null, facility: kept };
  const status = observation.rail.byContainer.get(number) ?? null;
  if (status === null) return { status, pickupLfdRail: null, facility: kept };
  const holds = status.facilityHolds ?? null;
  const fees = status.facilityFees ?? null;
  const report = normalizeTerminalReport(holds ?? [], fees ?? []);
  return {
    status,
    pickupLfdRail: mayHaveLfd ? toDate(status.pickupLfdRail) : null,
    facility: {
      ind_facility_holds: holds === null ? null : report.holds,
      ind_facility_fees: fees === null ? null : report.fees,
      rail_last_tracking_request_at: toDate(status.checkedAt),
      // A rail answer that does not name the facility keeps the one named before.
      ind_rail_terminal_id: observation.rail.railTerminalIds?.get(number) ?? kept.ind_rail_terminal_id,
    },
  };
}

function milestoneSnapshot(milestone: CarrierMilestone): MilestoneSnapshot {
  return {
    event: milestone.event,
    timestamp: milestone.timestamp,
    timezone: milestone.timezone,
    location_locode: milestone.locode,
    vessel_name: milestone.vesselName,
    voyage_number: milestone.voyageNumber,
    data_source: milestone.dataSource,
  };
}

function estimateSnapshots(container: CarrierContainerSnapshot): EstimateSnapshot[] {
  return container.estimates.flatMap((estimate) =>
    estimate.event === 'shipment.estimated.arrival'
      ? []
      : [
          {
            event: estimate.event,
            estimated_timestamp: estimate.timestamp,
            timezone: estimate.timezone,
            location_locode: estimate.locode,
            voyage_number: estimate.voyageNumber,
            data_source: estimate.dataSource,
          },
        ],
  );
}

function find(
  milestones: readonly CarrierMilestone[],
  event: MilestoneEventName,
  locode: string | null | undefined,
): CarrierMilestone | null {
  const matches = milestones.filter((m) => m.event === event && (locode === undefined || m.locode === locode));
  return matches[matches.length - 1] ?? null;
}

/**
 * A status from the facts only (no prediction): the latest thing that happened to the
 * container, and at the port of discharge whether the terminal says it may be picked up.
 */
export function deriveContainerStatus(
  milestones: readonly CarrierMilestone[],
  podLocode: string | null,
  available: boolean | null,
  hasRailLeg: boolean,
): ContainerStatus {
  const has = (event: MilestoneEventName, locode?: string | null): boolean => find(milestones, event, locode) !== null;
  if (has('container.transport.empty_in')) return 'empty_returned';
  if (has('container.transport.delivered')) return 'delivered';
  if (has('container.transport.full_out')) return 'picked_up';
  if (has('container.transport.rail_unloaded') || has('container.transport.arrived_at_inland_destination')) return 'grounded';
  if (has('container.transport.rail_loaded') || has('container.transport.rail_departed')) return 'on_rail';
  if (has('container.transport.vessel_discharged', podLocode)) {
    if (hasRailLeg) return 'awaiting_inland_transfer';
    if (available === true) return 'available';
    if (available === false) return 'not_available';
    return 'grounded';
  }
  if (milestones.some((m) => m.event.includes('vessel_') || m.event.includes('transshipment_') || m.event.includes('feeder_')))
    return 'on_ship';
  return 'new';
}

/** One container as this account sees it after the observation: the diff's snapshot and the columns to store. */
export function nextContainer(
  observation: Observation,
  carrierContainer: CarrierContainerSnapshot,
  stored: ContainerEntity | null,
  view: AccountView,
): NextContainer {
  const carrier: CarrierShipmentSnapshot = observation.carrier;
  const number = carrierContainer.number;
  const terminal = terminalFacts(observation, number, stored);
  const rail = railFacts(observation, number, stored, view);
  const milestones: CarrierMilestone[] = [...carrierContainer.milestones, ...(rail.status?.milestones ?? [])].sort((a, b) =>
    a.timestamp < b.timestamp ? -1 : a.timestamp > b.timestamp ? 1 : 0,
  );
  const podLocode = carrier.portOfDischarge?.locode ?? null;
  const polLocode = carrier.portOfLading?.locode ?? null;
  const destLocode = rail.status?.destination?.locode ?? carrier.destination?.locode ?? null;
  const pickupLfdLine = toDate(carrierContainer.pickupLfdLine ?? carrier.pickupLfdLine);
  const importDeadlines = {
    pickup_lfd_line: toIso(pickupLfdLine),
    pickup_lfd_terminal: toIso(terminal.pickup_lfd_terminal),
    pickup_lfd_rail: toIso(rail.pickupLfdRail),
  };
  const estimates = estimateSnapshots(carrierContainer);
  const emptyIn = find(milestones, 'container.transport.empty_in', undefined);
  const inlandEta =
    rail.status?.destinationEtaAt ??
    carrierContainer.estimates.find((e) => e.event === 'container.transport.estimated.arrived_at_inland_destination')?.timestamp ??
    carrier.destinationEtaAt;
  const hasRailLeg = carrierContainer.podRailCarrierScac !== null || rail.status !== null;

  const snapshot: ContainerSnapshot = {
    number,
    pod_terminal_id: observation.podTerminalId,
    available_for_pickup: terminal.available_for_pickup,
    holds_at_pod_terminal: terminal.holds_at_pod_terminal,
    fees_at_pod_terminal: terminal.fees_at_pod_terminal,
    import_deadlines: importDeadlines,
    pickup_appointment_at: toIso(terminal.pickup_appointment_at),
    milestones: milestones.map(milestoneSnapshot),
    estimates,
  };
  const columns: TrackedContainerColumns = {
    equipment_type: carrierContainer.equipment?.type ?? stored?.equipment_type ?? null,
    equipment_length: carrierContainer.equipment?.length ?? stored?.equipment_length ?? null,
    equipment_height: carrierContainer.equipment?.height ?? stored?.equipment_height ?? null,
    weight_in_lbs: carrierContainer.weightLbs,
    seal_number: carrierContainer.sealNumber,
    pod_terminal_id: observation.podTerminalId,
    pickup_lfd: toDate(coalescePickupLfd(importDeadlines)),
    pickup_lfd_line: pickupLfdLine,
    pickup_lfd_terminal: terminal.pickup_lfd_terminal,
    pickup_lfd_rail: rail.pickupLfdRail,
    pickup_appointment_at: terminal.pickup_appointment_at,
    availability_known: terminal.availability_known,
    available_for_pickup: terminal.available_for_pickup,
    pod_arrived_at: toDate(find(milestones, 'container.transport.vessel_arrived', podLocode)?.timestamp ?? carrier.podAtaAt),
    pod_discharged_at: toDate(find(milestones, 'container.transport.vessel_discharged', podLocode)?.timestamp) ?? terminal.discharged_at,
    pod_full_out_at: toDate(find(milestones, 'container.transport.full_out', podLocode)?.timestamp) ?? terminal.full_out_at,
    pod_eta_at: toDate(carrier.podEtaAt),
    terminal_checked_at: terminal.terminal_checked_at,
    location_at_pod_terminal: terminal.location_at_pod_terminal,
    final_destination_full_out_at:
      destLocode === null ? null : toDate(find(milestones, 'container.transport.full_out', destLocode)?.timestamp),
    empty_terminated_at: toDate(emptyIn?.timestamp),
    holds_at_pod_terminal: terminal.holds_at_pod_terminal,
    fees_at_pod_terminal: terminal.fees_at_pod_terminal,
    pod_timezone: carrier.portOfDischarge?.timeZone ?? null,
    final_destination_timezone: rail.status?.destination?.timeZone ?? carrier.destination?.timeZone ?? null,
    empty_terminated_timezone: emptyIn?.timezone ?? null,
    pod_rail_carrier_scac: carrierContainer.podRailCarrierScac,
    ind_rail_carrier_scac: rail.status?.railCarrierScac ?? null,
    shipment_last_tracking_request_at: observation.observedAt,
    pod_rail_loaded_at: toDate(find(milestones, 'container.transport.rail_loaded', podLocode)?.timestamp),
    pod_rail_departed_at: toDate(find(milestones, 'container.transport.rail_departed', podLocode)?.timestamp),
    ind_eta_at: toDate(inlandEta),
    ind_ata_at: toDate(find(milestones, 'container.transport.arrived_at_inland_destination', undefined)?.timestamp),
    ind_rail_unloaded_at: toDate(find(milestones, 'container.transport.rail_unloaded', undefined)?.timestamp),
    current_status: deriveContainerStatus(milestones, podLocode, terminal.available_for_pickup, hasRailLeg),
    // Actual times only, the way the pod_* columns are filled: the latest matching milestone.
    pol_full_in_at: toDate(find(milestones, 'container.transport.full_in', polLocode)?.timestamp),
    pol_vessel_loaded_at: toDate(find(milestones, 'container.transport.vessel_loaded', polLocode)?.timestamp),
    pol_vessel_departed_at: toDate(find(milestones, 'container.transport.vessel_departed', polLocode)?.timestamp),
    empty_out_at: toDate(find(milestones, 'container.transport.empty_out', undefined)?.timestamp),
    delivered_at: toDate(find(milestones, 'container.transport.delivered', undefined)?.timestamp),
    ...rail.facility,
    // Estimates are not kept elsewhere as a whole; they are the "before" of the next estimate diff.
    last_snapshot: { estimates },
  };
  return { snapshot, columns };
}
