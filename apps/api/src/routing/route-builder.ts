import type { PortEntity, RouteData, TransportEventEntity } from '@quayside/data-access';

export type RouteMode = 'vessel' | 'rail';

export interface RouteVessel {
  imo: string | null;
  name: string;
}

/** One stop of a container's journey: how it came in and how it leaves. */
export interface RouteStop {
  locode: string;
  port: PortEntity | null;
  /** POL, TS1, TS2, ..., POD, DEST. */
  label: string;
  inbound: {
    mode: RouteMode;
    scac: string | null;
    vessel: RouteVessel | null;
    voyage: string | null;
    eta: Date | null;
    ata: Date | null;
  } | null;
  outbound: {
    mode: RouteMode;
    scac: string | null;
    vessel: RouteVessel | null;
    voyage: string | null;
    etd: Date | null;
    atd: Date | null;
  } | null;
}

const ARRIVALS = new Set([
  'container.transport.vessel_arrived',
  'container.transport.transshipment_arrived',
  'container.transport.feeder_arrived',
]);
const DEPARTURES = new Set([
  'container.transport.vessel_departed',
  'container.transport.transshipment_departed',
  'container.transport.feeder_departed',
]);
const LOADS = new Set([
  'container.transport.vessel_loaded',
  'container.transport.transshipment_loaded',
  'container.transport.feeder_loaded',
]);
const DISCHARGES = new Set([
  'container.transport.vessel_discharged',
  'container.transport.transshipment_discharged',
  'container.transport.feeder_discharged',
]);
const TRANSSHIPMENT = /^container\.transport\.(transshipment|feeder)_/;

function vesselOf(event: TransportEventEntity | undefined): RouteVessel | null {
  if (!event?.vessel_name && !event?.vessel_imo) return null;
  return { imo: event.vessel_imo, name: event.vessel_name ?? event.vessel_imo ?? '' };
}

/**
 * The stops of a container from its shipment and its current milestones: the port of loading,
 * each transshipment port in the order the milestones reach it, the port of discharge and the
 * inland destination (reached by rail). Times and vessels come from the milestones at each
 * stop, else from the shipment; a leg's vessel known at one end is used for the other.
 */
export function buildRoute({ shipment, events, ports }: RouteData): RouteStop[] {
  const portOf = new Map(ports.map((port) => [port.code, port]));
  const at = (locode: string, names: Set<string>): TransportEventEntity | undefined =>
    events.find((e) => e.location_locode === locode && names.has(e.event));
  const pol = shipment?.port_of_lading_locode ?? null;
  const pod = shipment?.port_of_discharge_locode ?? null;
  const dest = shipment?.destination_locode && shipment.destination_locode !== pod ? shipment.destination_locode : null;
  const transshipments: string[] = [];
  for (const event of events) {
    const locode = event.location_locode;
    if (locode && TRANSSHIPMENT.test(event.event) && locode !== pol && locode !== pod && !transshipments.includes(locode))
      transshipments.push(locode);
  }
  const codes = [pol, ...transshipments, pod].filter((code): code is string => code !== null);
  const scac = shipment?.shipping_line_scac ?? null;
  const stops: RouteStop[] = codes.map((locode, index) => {
    const first = index === 0;
    const last = index === codes.length - 1;
    const arrival = at(locode, ARRIVALS) ?? at(locode, DISCHARGES);
    const departure = at(locode, DEPARTURES) ?? at(locode, LOADS);
    const isPod = locode === pod && last;
    const isPol = locode === pol && first;
    return {
      locode,
      port: portOf.get(locode) ?? null,
      label: isPol ? 'POL' : isPod ? 'POD' : `TS${index}`,
      inbound: first
        ? null
        : {
            mode: 'vessel',
            scac,
            vessel:
              vesselOf(arrival) ??
              (isPod && shipment?.pod_vessel_name ? { imo: shipment.pod_vessel_imo, name: shipment.pod_vessel_name } : null),
            voyage: arrival?.voyage_number ?? (isPod ? (shipment?.pod_voyage_number ?? null) : null),
            eta: isPod ? (shipment?.pod_eta_at ?? null) : null,
            ata: at(locode, ARRIVALS)?.timestamp ?? (isPod ? (shipment?.pod_ata_at ?? null) : null),
          },
      outbound:
        last && !dest
          ? null
          : last
            ? {
                mode: 'rail',
                scac: null,
                vessel: null,
                voyage: null,
                etd: null,
                atd: at(locode, new Set(['container.transport.rail_departed']))?.timestamp ?? null,
              }
            : {
                mode: 'vessel',
                scac,
                vessel: vesselOf(departure),
                voyage: departure?.voyage_number ?? null,
                etd: isPol ? (shipment?.pol_etd_at ?? null) : null,
                atd: at(locode, DEPARTURES)?.timestamp ?? (isPol ? (shipment?.pol_atd_at ?? null) : null),
              },
    };
  });
  // A leg's vessel and voyage known at one end stand for the other.
  for (let i = 1; i < stops.length; i += 1) {
    const [out, inn] = [stops[i - 1]!.outbound, stops[i]!.inbound];
    if (!out || !inn || out.mode !== 'vessel') continue;
    out.vessel ??= inn.vessel;
    inn.vessel ??= out.vessel;
    out.voyage ??= inn.voyage;
    inn.voyage ??= out.voyage;
  }
  if (dest && shipment) {
    stops.push({
      locode: dest,
      port: portOf.get(dest) ?? null,
      label: 'DEST',
      inbound: { mode: 'rail', scac: null, vessel: null, voyage: null, eta: shipment.destination_eta_at, ata: shipment.destination_ata_at },
      outbound: null,
    });
  }
  return stops;
}
