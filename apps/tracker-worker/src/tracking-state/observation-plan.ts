import { createHash } from 'node:crypto';
import type { CarrierShipmentSnapshot } from '@quayside/carriers';
import type { ContainerEntity, ShipmentEntity, StateWrite, StoredShipmentState } from '@quayside/data-access';
import type { JourneyRecordColumns, ShipmentSnapshot, SnapshotEvent } from '@quayside/domain';
import { diffShipmentSnapshots } from '@quayside/domain';
import type { TrackedContainerColumns } from './container-state';
import { nextContainer } from './container-state';
import type { EventRows } from './event-rows';
import { rawEventRows } from './raw-event-rows';
import { diffEventRows } from './event-rows';
import type { AccountView, Observation, ShippingLineRef } from './observation';
import { storedShipmentSnapshot } from './stored-snapshot';

/** What the tracker keeps in `shipments.last_snapshot`. */
export interface ShipmentBookkeeping {
  /** Hash of the last carrier answer, to tell a carrier that says something new from one that repeats itself. */
  carrier_fingerprint: string;
  /** When the carrier last said something new (the 56-day "no updates at the line" rule). */
  carrier_changed_at: string;
}

export function readBookkeeping(shipment: ShipmentEntity): ShipmentBookkeeping | null {
  const value = shipment.last_snapshot;
  if (value === null || typeof value['carrier_fingerprint'] !== 'string' || typeof value['carrier_changed_at'] !== 'string') return null;
  return { carrier_fingerprint: value['carrier_fingerprint'], carrier_changed_at: value['carrier_changed_at'] };
}

export function carrierFingerprint(carrier: CarrierShipmentSnapshot): string {
  return createHash('sha256').update(JSON.stringify(carrier)).digest('hex');
}

/** Upper case without spaces: how two spellings of one bill of lading are recognized as the same. */
export function normalizeShipmentNumber(number: string): string {
  return number.replace(/\s+/g, '').toUpperCase();
}

/** The number a carrier knows the shipment by: its bill of lading, else its booking, else what was asked. */
export function shipmentNumberOf(carrier: CarrierShipmentSnapshot, asked: string): string {
  return carrier.billOfLadingNumber ?? carrier.bookingNumber ?? asked;
}

export interface PlanContext {
  view: AccountView;
  line: ShippingLineRef;
  now: Date;
  newId: () => string;
  /** The physical shipment the record follows. */
  carrierShipmentId: string;
  /** The number the account asked by, kept as a new record's carrier reference. */
  carrierReference: string;
}

export interface ObservationPlan {
  shipmentId: string;
  shipment: NonNullable<StateWrite['shipment']>;
  containers: NonNullable<StateWrite['containers']>;
  rows: EventRows;
  /** What the sources reported, as they reported it. */
  rawEvents: NonNullable<StateWrite['rawEvents']>;
  diff: SnapshotEvent[];
  next: ShipmentSnapshot;
  /** Containers as they will be after the write (stored ones not in the observation unchanged): the stop rules and the cadence read them. */
  containersAfter: Array<JourneyRecordColumns & Pick<ContainerEntity, 'number'>>;
  bookkeeping: ShipmentBookkeeping;
}

const toDate = (value: string | null): Date | null => (value ? new Date(value) : null);

/**
 * One account's record after an observation: the shipment and container columns to write,
 * and the events the domain diff finds between the stored record and the observation.
 */
export function planObservation(observation: Observation, stored: StoredShipmentState | null, context: PlanContext): ObservationPlan {
  const carrier = observation.carrier;
  const shipmentId = stored?.shipment.id ?? context.newId();
  const storedByNumber = new Map((stored?.containers ?? []).map((c) => [c.number, c]));
  const containerIds = new Map<string, string>();
  const containerVersions = new Map<string, number>();
  const nextSnapshots = [];
  const nextColumns = new Map<
    string,
    { existing: ContainerEntity | null; columns: TrackedContainerColumns & { id: string; change_version: number } }
  >();
  for (const carrierContainer of carrier.containers) {
    const existing = storedByNumber.get(carrierContainer.number) ?? null;
    const next = nextContainer(observation, carrierContainer, existing, context.view);
    const id = existing?.id ?? context.newId();
    containerIds.set(carrierContainer.number, id);
    containerVersions.set(carrierContainer.number, existing?.change_version ?? 0);
    nextSnapshots.push(next.snapshot);
    // Spread last, and the version set in place once the diff is known: V8 (Node 20) gives an
    // object a new hidden class for every property added after a spread (about 2 KB here).
    nextColumns.set(carrierContainer.number, { existing, columns: { id, change_version: 0, ...next.columns } });
  }
  for (const container of stored?.containers ?? []) {
    if (!containerIds.has(container.number)) {
      containerIds.set(container.number, container.id);
      containerVersions.set(container.number, container.change_version);
    }
  }

  const previous = stored === null ? null : storedShipmentSnapshot(stored);
  const next: ShipmentSnapshot = {
    pod_eta_at: carrier.podEtaAt,
    port_of_discharge_locode: carrier.portOfDischarge?.locode ?? null,
    pod_timezone: carrier.portOfDischarge?.timeZone ?? null,
    pod_voyage_number: carrier.podVessel?.voyage ?? null,
    // A stored container the carrier no longer lists keeps its state: the diff sees it unchanged.
    containers: [...nextSnapshots, ...(previous?.containers ?? []).filter((c) => !carrier.containers.some((n) => n.number === c.number))],
  };
  const diff = diffShipmentSnapshots(previous, next);
  // A container whose state changed moves to its next version: the version is part of its change events' identity.
  const changed = new Set(
    diff.flatMap((e) =>
      e.container_number !== null && e.kind !== 'container_created' && e.kind !== 'milestone' ? [e.container_number] : [],
    ),
  );
  const containers: ObservationPlan['containers'] = [];
  for (const [number, { existing, columns }] of nextColumns) {
    const values = columns;
    values.change_version = (existing?.change_version ?? 0) + (changed.has(number) ? 1 : 0);
    containers.push(
      existing === null
        ? { isNew: true, values: { account_id: context.view.accountId, shipment_id: shipmentId, number, ...values } }
        : { isNew: false, values },
    );
  }
  const shipmentVersion = stored?.shipment.change_version ?? 0;
  const shipmentChanged = diff.some((e) => e.kind === 'shipment_estimate');

  const fingerprint = carrierFingerprint(carrier);
  const before = stored === null ? null : readBookkeeping(stored.shipment);
  const bookkeeping: ShipmentBookkeeping = {
    carrier_fingerprint: fingerprint,
    carrier_changed_at:
      before !== null && before.carrier_fingerprint === fingerprint ? before.carrier_changed_at : context.now.toISOString(),
  };
  const number = shipmentNumberOf(carrier, context.carrierReference);
  const port = (locode: string | null | undefined): string | null => (locode ? (observation.portIds.get(locode) ?? null) : null);
  const shipmentValues: NonNullable<StateWrite['shipment']>['values'] = {
    id: shipmentId,
    bill_of_lading_number: number,
    normalized_number: normalizeShipmentNumber(number),
    carrier_reference: stored?.shipment.carrier_reference ?? context.carrierReference,
    carrier_shipment_id: context.carrierShipmentId,
    change_version: shipmentVersion + (shipmentChanged ? 1 : 0),
    port_of_lading_locode: carrier.portOfLading?.locode ?? null,
    port_of_lading_name: carrier.portOfLading?.name ?? null,
    port_of_discharge_locode: carrier.portOfDischarge?.locode ?? null,
    port_of_discharge_name: carrier.portOfDischarge?.name ?? null,
    destination_locode: carrier.destination?.locode ?? null,
    destination_name: carrier.destination?.name ?? null,
    shipping_line_scac: context.line.scac,
    shipping_line_name: context.line.name,
    shipping_line_short_name: context.line.shortName,
    shipping_line_id: context.line.id,
    pod_vessel_name: carrier.podVessel?.name ?? null,
    pod_vessel_imo: carrier.podVessel?.imo ?? null,
    pod_voyage_number: carrier.podVessel?.voyage ?? null,
    pol_etd_at: toDate(carrier.polEtdAt),
    // The first published estimates: the state writer keeps a stored one (COALESCE in the same UPDATE).
    pol_original_etd_at: stored?.shipment.pol_original_etd_at ?? toDate(carrier.polEtdAt),
    pol_atd_at: toDate(carrier.polAtdAt),
    pod_eta_at: toDate(carrier.podEtaAt),
    pod_original_eta_at: stored?.shipment.pod_original_eta_at ?? toDate(carrier.podEtaAt),
    pod_ata_at: toDate(carrier.podAtaAt),
    destination_eta_at: toDate(carrier.destinationEtaAt),
    destination_original_eta_at: stored?.shipment.destination_original_eta_at ?? toDate(carrier.destinationEtaAt),
    destination_ata_at: toDate(carrier.destinationAtaAt),
    pol_timezone: carrier.portOfLading?.timeZone ?? null,
    pod_timezone: carrier.portOfDischarge?.timeZone ?? null,
    destination_timezone: carrier.destination?.timeZone ?? null,
    line_tracking_last_attempted_at: context.now,
    line_tracking_last_succeeded_at: context.now,
    port_of_lading_id: port(carrier.portOfLading?.locode),
    port_of_discharge_id: port(carrier.portOfDischarge?.locode),
    destination_id: port(carrier.destination?.locode),
    pod_terminal_id: observation.podTerminalId,
    last_snapshot: { ...bookkeeping },
    ...(stored === null ? { account_id: context.view.accountId } : {}),
  };

  const imoOf = (containerNumber: string, event: string, locode: string | null, timestamp: string | null): string | null => {
    const source = carrier.containers.find((c) => c.number === containerNumber)?.milestones ?? [];
    const match = source.find(
      (m) => m.event === event && m.locode === locode && (timestamp === null || Date.parse(m.timestamp) === Date.parse(timestamp)),
    );
    return match?.vesselImo ?? null;
  };
  const storedMilestones = new Map((stored?.transportEvents ?? []).map((event) => [`${event.container_id}|${event.dedupe_key}`, event.id]));
  const rows = diffEventRows(diff, {
    accountId: context.view.accountId,
    shipmentId,
    containerIds,
    containerVersions,
    shipmentVersion,
    storedMilestoneId: (containerNumber, identity) =>
      storedMilestones.get(`${containerIds.get(containerNumber) ?? ''}|${identity}`) ?? null,
    podLocode: carrier.portOfDischarge?.locode ?? null,
    podTimezone: carrier.portOfDischarge?.timeZone ?? null,
    podTerminalId: observation.podTerminalId,
    portIds: observation.portIds,
    vesselImo: imoOf,
    observedAt: observation.observedAt,
    newId: context.newId,
  });

  const containersAfter: ObservationPlan['containersAfter'] = [
    ...[...nextColumns].map(([number, { existing, columns }]) => ({
      ...columns,
      number,
      // The one journey column the carrier answer does not carry (the rail facility's own date).
      ind_facility_lfd_on: existing?.ind_facility_lfd_on ?? null,
    })),
    ...(stored?.containers ?? []).filter((c) => !carrier.containers.some((n) => n.number === c.number)),
  ];
  const rawEvents = rawEventRows(observation, {
    accountId: context.view.accountId,
    containerIds,
    line: context.line,
    podLocode: carrier.portOfDischarge?.locode ?? null,
    podTerminalId: observation.podTerminalId,
    portIds: observation.portIds,
    newId: context.newId,
  });
  return {
    shipmentId,
    shipment: { isNew: stored === null, values: shipmentValues },
    containers,
    rows,
    rawEvents,
    diff,
    next,
    containersAfter,
    bookkeeping,
  };
}
