import type { DcsaEquipmentEvent, DcsaEvent, DcsaMode, DcsaTransportCall } from './dcsa-event';

/** What a place is on this shipment's journey. */
export type DcsaPlaceRole = 'pol' | 'ts' | 'pod' | 'dest' | 'other';

export interface DcsaRoute {
  pol: string | null;
  pod: string | null;
  transshipments: ReadonlySet<string>;
  destination: string | null;
  roleOf(locode: string | null): DcsaPlaceRole;
}

export interface KnownPorts {
  portOfLading?: string | null;
  portOfDischarge?: string | null;
}

/** Where an event happened: the equipment event's own location first, then its transport call's. */
export function placeOf(event: DcsaEvent): string | null {
  switch (event.eventType) {
    case 'TRANSPORT':
      return event.transportCall.locode;
    case 'EQUIPMENT':
      return event.locode ?? event.transportCall?.locode ?? null;
    case 'SHIPMENT':
      return null;
  }
}

/** The mode of the leg an event belongs to; a load or discharge without a transport call is a vessel's. */
export function modeOf(event: DcsaEvent): DcsaMode | null {
  switch (event.eventType) {
    case 'TRANSPORT':
      return event.transportCall.mode;
    case 'EQUIPMENT':
      return event.transportCall?.mode ?? (event.code === 'LOAD' || event.code === 'DISC' ? 'VESSEL' : null);
    case 'SHIPMENT':
      return null;
  }
}

type Side = 'load' | 'discharge';

function sideOf(event: DcsaEvent): Side | null {
  if (event.eventType === 'TRANSPORT') return event.code === 'DEPA' ? 'load' : 'discharge';
  if (event.eventType !== 'EQUIPMENT' || event.empty) return null;
  if (event.code === 'LOAD') return 'load';
  if (event.code === 'DISC') return 'discharge';
  return null;
}

export function isEquipmentEvent(event: DcsaEvent): event is DcsaEquipmentEvent {
  return event.eventType === 'EQUIPMENT';
}

export function callOf(event: DcsaEvent): DcsaTransportCall | null {
  return event.eventType === 'SHIPMENT' ? null : event.transportCall;
}

/**
 * The journey, from every vessel call of the shipment (actual, estimated and planned, ordered by
 * time; empty moves left out): the known ports when the caller has them, else the first place a
 * laden container is loaded or a vessel departs is the port of loading, the last place after it
 * where one is discharged or a vessel arrives is the port of discharge, and every vessel call in
 * between is a transshipment. The destination is the last rail or barge arrival after the port of
 * discharge at another place.
 */
export function deriveRoute(events: readonly DcsaEvent[], known: KnownPorts = {}): DcsaRoute {
  const timeline = [...events].sort((a, b) => a.happenedAt - b.happenedAt);
  const calls: { locode: string; load: boolean; discharge: boolean }[] = [];
  for (const event of timeline) {
    const side = sideOf(event);
    const locode = placeOf(event);
    if (side === null || locode === null || modeOf(event) !== 'VESSEL') continue;
    let call = calls.find((c) => c.locode === locode);
    if (!call) {
      call = { locode, load: false, discharge: false };
      calls.push(call);
    }
    call[side] = true;
  }

  const pol = known.portOfLading?.toUpperCase() ?? calls.find((c) => c.load)?.locode ?? null;
  const polIndex = calls.findIndex((c) => c.locode === pol);
  const pod =
    known.portOfDischarge?.toUpperCase() ??
    [...calls].reverse().find((c, reversed) => c.discharge && c.locode !== pol && calls.length - 1 - reversed > polIndex)?.locode ??
    null;
  const transshipments = new Set(calls.map((c) => c.locode).filter((locode) => locode !== pol && locode !== pod));

  const firstAtPod = timeline.find((e) => pod !== null && placeOf(e) === pod)?.happenedAt ?? Number.POSITIVE_INFINITY;
  const inland = timeline.filter((event) => {
    const locode = placeOf(event);
    const mode = modeOf(event);
    const arriving =
      (event.eventType === 'TRANSPORT' && event.code === 'ARRI') || (event.eventType === 'EQUIPMENT' && event.code === 'DISC');
    return (
      arriving &&
      (mode === 'RAIL' || mode === 'BARGE') &&
      locode !== null &&
      locode !== pol &&
      locode !== pod &&
      !transshipments.has(locode) &&
      event.happenedAt >= firstAtPod
    );
  });
  const last = inland.at(-1);
  const destination = last ? placeOf(last) : null;

  return {
    pol,
    pod,
    transshipments,
    destination,
    roleOf(locode) {
      if (locode === null) return 'other';
      if (locode === pol) return 'pol';
      if (locode === pod) return 'pod';
      if (locode === destination) return 'dest';
      return transshipments.has(locode) ? 'ts' : 'other';
    },
  };
}
