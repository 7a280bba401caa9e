import type { EstimatedEventName, IanaTimeZone, MilestoneEventName, UtcTimestamp } from '@quayside/domain';
import { normalizeEquipment } from '@quayside/domain';
import type {
  CarrierContainerSnapshot,
  CarrierEquipment,
  CarrierEstimate,
  CarrierMilestone,
  CarrierTrackQuery,
  CarrierTrackResult,
  PortRef,
  VesselRef,
} from '../ports/carrier-adapter.port';
import type { DcsaEquipmentEvent, DcsaEvent, DcsaTransportCall } from './dcsa-event';
import type { DcsaPlaceRole, DcsaRoute } from './dcsa-route';
import { callOf, deriveRoute, isEquipmentEvent, modeOf, placeOf } from './dcsa-route';

const CONTAINER_NUMBER = /^[A-Z]{4}\d{7}$/;

/** The milestone an actual event is, given the role of its place; null when it is none of ours. */
export function milestoneOf(event: DcsaEvent, role: DcsaPlaceRole): MilestoneEventName[] {
  const mode = modeOf(event);
  if (event.eventType === 'TRANSPORT') {
    const arrived = event.code === 'ARRI';
    switch (mode) {
      case 'VESSEL':
        if (role === 'pod' && arrived) return ['container.transport.vessel_arrived'];
        if (role === 'pol' && !arrived) return ['container.transport.vessel_departed'];
        if (role === 'ts') return [arrived ? 'container.transport.transshipment_arrived' : 'container.transport.transshipment_departed'];
        return [];
      case 'BARGE':
        return [arrived ? 'container.transport.feeder_arrived' : 'container.transport.feeder_departed'];
      case 'RAIL':
        if (!arrived) return ['container.transport.rail_departed'];
        return role === 'dest'
          ? ['container.transport.rail_arrived', 'container.transport.arrived_at_inland_destination']
          : ['container.transport.rail_arrived'];
      case 'TRUCK':
      case null:
        return [];
    }
  }
  if (event.eventType !== 'EQUIPMENT') return [];
  switch (event.code) {
    case 'GTOT':
      if (event.empty) return ['container.transport.empty_out'];
      return role === 'pod' || role === 'dest' ? ['container.transport.full_out'] : [];
    case 'GTIN':
      if (event.empty) return ['container.transport.empty_in'];
      return role === 'pol' ? ['container.transport.full_in'] : [];
    case 'DROP':
      return event.empty ? [] : ['container.transport.delivered'];
    case 'LOAD':
    case 'DISC': {
      if (event.empty) return [];
      const loaded = event.code === 'LOAD';
      if (mode === 'BARGE') return [loaded ? 'container.transport.feeder_loaded' : 'container.transport.feeder_discharged'];
      if (mode === 'RAIL') return [loaded ? 'container.transport.rail_loaded' : 'container.transport.rail_unloaded'];
      if (mode !== 'VESSEL') return [];
      if (role === 'pol' && loaded) return ['container.transport.vessel_loaded'];
      if (role === 'pod' && !loaded) return ['container.transport.vessel_discharged'];
      if (role === 'ts') return [loaded ? 'container.transport.transshipment_loaded' : 'container.transport.transshipment_discharged'];
      return [];
    }
    case 'STUF':
    case 'STRP':
    case 'PICK':
    case 'INSP':
    case 'RSEA':
    case 'RMVD':
      return [];
  }
}

/** The estimate an estimated or planned event is; only the three the service reports. */
export function estimateOf(event: DcsaEvent, role: DcsaPlaceRole): EstimatedEventName | null {
  if (event.eventType !== 'TRANSPORT') return null;
  const mode = event.transportCall.mode;
  if (mode === 'VESSEL' && role === 'pod' && event.code === 'ARRI') return 'container.transport.estimated.vessel_arrived';
  if (mode === 'VESSEL' && role === 'pol' && event.code === 'DEPA') return 'container.transport.estimated.vessel_departed';
  if ((mode === 'RAIL' || mode === 'BARGE') && role === 'dest' && event.code === 'ARRI') {
    return 'container.transport.estimated.arrived_at_inland_destination';
  }
  return null;
}

function voyageOf(call: DcsaTransportCall | null, inbound: boolean): string | null {
  if (!call) return null;
  return inbound
    ? (call.importVoyageNumber ?? call.carrierVoyageNumber ?? call.exportVoyageNumber)
    : (call.exportVoyageNumber ?? call.carrierVoyageNumber ?? call.importVoyageNumber);
}

function isInbound(event: DcsaEvent): boolean {
  return (event.eventType === 'TRANSPORT' && event.code === 'ARRI') || (event.eventType === 'EQUIPMENT' && event.code === 'DISC');
}

const iso = (ms: number): UtcTimestamp => new Date(ms).toISOString();

/** A newer report (later `eventCreatedDateTime`) of the same thing replaces an older one; EST beats PLN. */
function newer(a: DcsaEvent, b: DcsaEvent): boolean {
  if (a.createdAt !== b.createdAt) return a.createdAt > b.createdAt;
  return a.classifier === 'EST' && b.classifier === 'PLN';
}

interface MapContext {
  route: DcsaRoute;
  zones: ReadonlyMap<string, IanaTimeZone | null>;
}

function eventFields(event: DcsaEvent, ctx: MapContext) {
  const locode = placeOf(event);
  const call = callOf(event);
  return {
    timestamp: iso(event.happenedAt),
    timezone: locode === null ? null : (ctx.zones.get(locode) ?? null),
    locode,
    vesselName: call?.vessel?.name ?? null,
    vesselImo: call?.vessel?.imo ?? null,
    voyageNumber: voyageOf(call, isInbound(event)),
    originalEvent: originalWording(event),
  };
}

/** DCSA's codes as sent (`EQUIPMENT LOAD ACT`, `TRANSPORT ARRI EST`), the empty flag where it has one. */
function originalWording(event: DcsaEvent): string {
  const empty = event.eventType === 'EQUIPMENT' ? (event.empty ? ' EMPTY' : ' LADEN') : '';
  return `${event.eventType} ${event.code} ${event.classifier}${empty}`;
}

function milestonesFor(events: readonly DcsaEvent[], ctx: MapContext): CarrierMilestone[] {
  const latest = new Map<string, { event: DcsaEvent; name: MilestoneEventName }>();
  for (const event of events) {
    if (event.classifier !== 'ACT') continue;
    for (const name of milestoneOf(event, ctx.route.roleOf(placeOf(event)))) {
      const key = `${name}@${placeOf(event) ?? ''}`;
      const seen = latest.get(key);
      if (!seen || newer(event, seen.event)) latest.set(key, { event, name });
    }
  }
  return [...latest.values()]
    .map(({ event, name }): CarrierMilestone => ({ event: name, ...eventFields(event, ctx), dataSource: 'shipping_line' }))
    .sort((a, b) => a.timestamp.localeCompare(b.timestamp));
}

function estimatesFor(events: readonly DcsaEvent[], ctx: MapContext): CarrierEstimate[] {
  const latest = new Map<string, { event: DcsaEvent; name: EstimatedEventName }>();
  for (const event of events) {
    if (event.classifier === 'ACT') continue;
    const name = estimateOf(event, ctx.route.roleOf(placeOf(event)));
    if (name === null) continue;
    const key = `${name}@${placeOf(event) ?? ''}`;
    const seen = latest.get(key);
    if (!seen || newer(event, seen.event)) latest.set(key, { event, name });
  }
  return [...latest.values()]
    .map(({ event, name }): CarrierEstimate => ({ event: name, ...eventFields(event, ctx), dataSource: 'shipping_line' }))
    .sort((a, b) => a.timestamp.localeCompare(b.timestamp));
}

function equipmentOf(code: string | null): CarrierEquipment | null {
  if (code === null) return null;
  const n = normalizeEquipment(code);
  return { type: n.equipment_type, length: n.equipment_length, height: n.equipment_height };
}

function containerSnapshot(
  number: string,
  shared: readonly DcsaEvent[],
  own: readonly DcsaEquipmentEvent[],
  ctx: MapContext,
): CarrierContainerSnapshot {
  const newestFirst = [...own].sort((a, b) => b.createdAt - a.createdAt || b.happenedAt - a.happenedAt);
  const isoSizeType = newestFirst.find((e) => e.isoEquipmentCode !== null)?.isoEquipmentCode ?? null;
  const seals = newestFirst.find((e) => e.seals.length > 0)?.seals ?? [];
  const seal = seals.find((s) => s.source === 'CAR') ?? seals[0];
  const milestones = milestonesFor([...shared, ...own], ctx);
  return {
    number,
    isoSizeType,
    equipment: equipmentOf(isoSizeType),
    sealNumber: seal?.number ?? null,
    weightLbs: null,
    milestones,
    estimates: estimatesFor([...shared, ...own], ctx),
    pickupLfdLine: null,
    podRailCarrierScac: null,
    emptyReturned: milestones.some((m) => m.event === 'container.transport.empty_in'),
  };
}

function containerNumbers(events: readonly DcsaEvent[], query: CarrierTrackQuery): string[] {
  if (query.kind === 'container') return [query.number.trim().toUpperCase()];
  const fromEquipment = events.filter(isEquipmentEvent).flatMap((e) => (e.equipmentReference === null ? [] : [e.equipmentReference]));
  if (fromEquipment.length > 0) return [...new Set(fromEquipment)];
  return [...new Set(events.flatMap((e) => e.equipmentReferences).filter((ref) => CONTAINER_NUMBER.test(ref)))];
}

function documentNumber(events: readonly DcsaEvent[], type: 'BKG' | 'TRD'): string | null {
  for (const event of events) {
    const ref = event.documentReferences.find((r) => r.type === type);
    if (ref) return ref.value;
    if (event.eventType === 'SHIPMENT' && event.documentType === type) return event.documentId;
  }
  return null;
}

function port(locode: string | null, ctx: MapContext): PortRef | null {
  return locode === null ? null : { locode, name: null, timeZone: ctx.zones.get(locode) ?? null };
}

function newestTime(events: readonly DcsaEvent[], pick: (e: DcsaEvent) => boolean): UtcTimestamp | null {
  const found = events.filter(pick).sort((a, b) => (newer(a, b) ? -1 : 1))[0];
  return found ? iso(found.happenedAt) : null;
}

export interface DcsaMapOptions {
  zones: ReadonlyMap<string, IanaTimeZone | null>;
}

/** Every UN/LOCODE the events mention, for the time zone lookup. */
export function locodesOf(events: readonly DcsaEvent[]): string[] {
  return [...new Set(events.map(placeOf).filter((l): l is string => l !== null))];
}

/** DCSA events (already validated) → the outcome of one track call. Pure. */
export function mapDcsaEvents(events: readonly DcsaEvent[], query: CarrierTrackQuery, options: DcsaMapOptions): CarrierTrackResult {
  const cancelled = events.some(
    (e) =>
      e.eventType === 'SHIPMENT' && e.classifier === 'ACT' && e.code === 'VOID' && (e.documentType === 'BKG' || e.documentType === 'CBR'),
  );
  if (cancelled && query.kind === 'booking_number') return { outcome: 'booking_cancelled' };
  const numbers = containerNumbers(events, query);
  if (events.length === 0 || numbers.length === 0)
    return query.kind === 'container' ? { outcome: 'not_found' } : { outcome: 'not_manifested' };

  const ctx: MapContext = { route: deriveRoute(events, query.knownPorts), zones: options.zones };
  const { pol, pod, destination } = ctx.route;
  const shared = events.filter((e) => e.eventType === 'TRANSPORT');
  const equipment = events.filter(isEquipmentEvent);
  const containers = numbers.map((n) =>
    containerSnapshot(
      n,
      shared,
      equipment.filter((e) => e.equipmentReference === n || (query.kind === 'container' && e.equipmentReference === null)),
      ctx,
    ),
  );

  const at = (locode: string | null, mode: 'VESSEL' | 'RAIL' | 'BARGE', code: 'ARRI' | 'DEPA', actual: boolean) => (e: DcsaEvent) =>
    locode !== null &&
    e.eventType === 'TRANSPORT' &&
    e.transportCall.mode === mode &&
    e.code === code &&
    placeOf(e) === locode &&
    (e.classifier === 'ACT') === actual;
  const inland = (code: 'ARRI', actual: boolean) => (e: DcsaEvent) =>
    at(destination, 'RAIL', code, actual)(e) || at(destination, 'BARGE', code, actual)(e);
  const podCall = events
    .filter((e) => pod !== null && placeOf(e) === pod && isInbound(e) && callOf(e)?.vessel)
    .sort((a, b) => b.happenedAt - a.happenedAt)[0];
  const podVessel: VesselRef | null = podCall
    ? { name: callOf(podCall)?.vessel?.name ?? null, imo: callOf(podCall)?.vessel?.imo ?? null, voyage: voyageOf(callOf(podCall), true) }
    : null;

  return {
    outcome: 'found',
    shipment: {
      billOfLadingNumber: query.kind === 'bill_of_lading' ? query.number.trim() : documentNumber(events, 'TRD'),
      bookingNumber: query.kind === 'booking_number' ? query.number.trim() : documentNumber(events, 'BKG'),
      portOfLading: port(pol, ctx),
      portOfDischarge: port(pod, ctx),
      destination: port(destination, ctx),
      podVessel,
      polEtdAt: newestTime(events, at(pol, 'VESSEL', 'DEPA', false)),
      polAtdAt: newestTime(events, at(pol, 'VESSEL', 'DEPA', true)),
      podEtaAt: newestTime(events, at(pod, 'VESSEL', 'ARRI', false)),
      podAtaAt: newestTime(events, at(pod, 'VESSEL', 'ARRI', true)),
      destinationEtaAt: newestTime(events, inland('ARRI', false)),
      destinationAtaAt: newestTime(events, inland('ARRI', true)),
      podTerminalFirmsCode: null,
      pickupLfdLine: null,
      containers,
      cancelled,
      // The feed only grows (a correction is a newer event): its newest creation time orders answers.
      sourceUpdatedAt: new Date(Math.max(...events.map((e) => e.createdAt))).toISOString(),
    },
  };
}
