import type { LonLat } from '@quayside/carriers';
import type { ContainerRoute, Leg, RoutingService } from './routing.service';
import { coordinatesOf } from './routing.service';

type Geometry = { type: 'Point'; coordinates: LonLat } | { type: 'LineString'; coordinates: LonLat[] };
export interface Feature {
  type: 'Feature';
  geometry: Geometry;
  properties: Record<string, unknown>;
}
export interface FeatureCollection {
  type: 'FeatureCollection';
  features: Feature[];
}

const iso = (value: Date | null | undefined): string | null => (value ? value.toISOString() : null);

/** English country names by ISO 3166 code, from the runtime's CLDR data (the established API's port features carry both). */
const REGION_NAMES = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
const countryName = (code: string | null | undefined): string | null => (code ? (REGION_NAMES.of(code) ?? null) : null);
/** Longitudes continue past ±180° along a line, so a map draws a Pacific crossing the short way. */
function unwrap(coordinates: LonLat[]): LonLat[] {
  const out: LonLat[] = [];
  for (const [lon, lat] of coordinates) {
    const previous = out[out.length - 1];
    let value = lon;
    while (previous && value - previous[0] > 180) value -= 360;
    while (previous && value - previous[0] < -180) value += 360;
    out.push([value, lat]);
  }
  return out;
}

const line = (coordinates: LonLat[], properties: Record<string, unknown>): Feature => ({
  type: 'Feature',
  geometry: { type: 'LineString', coordinates: unwrap(coordinates) },
  properties: { ...properties, point_count: coordinates.length },
});

/**
 * The container's map: a point per port (with its terminal at the port of discharge), then per
 * leg its planned path (`estimated_full_legs`: over the sea lanes for a vessel, a straight line
 * for a rail leg to the inland destination, since no rail network is known), the positions
 * reported on it (`past_vessel_locations`), the vessel where it is now and its path ahead over
 * the sea lanes. Reported positions may be few (hourly, or an AIS provider's gaps), so the
 * planned path is what shows the voyage; the positions sit on it.
 */
export async function buildContainerMap(
  routing: RoutingService,
  route: ContainerRoute,
  now: Date,
  podTerminal: { name: string; firms_code: string | null } | null,
): Promise<FeatureCollection> {
  const features: Feature[] = [];
  const ports = route.stops.filter((stop) => coordinatesOf(stop.port));
  route.stops.forEach((stop, index) => {
    const point = coordinatesOf(stop.port);
    if (!point || !stop.port) return;
    features.push({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: point },
      properties: {
        feature_type: 'port',
        ports_sequence: index + 1,
        ports_total: ports.length,
        location_id: stop.port.id,
        location_type: 'Port',
        name: stop.port.name,
        state_abbr: stop.port.state_abbr,
        state: null,
        country_code: stop.port.country_code,
        country: countryName(stop.port.country_code),
        time_zone: stop.port.time_zone,
        label: stop.label,
        inbound_eta_at: iso(stop.inbound?.eta),
        inbound_ata_at: iso(stop.inbound?.ata),
        outbound_etd_at: iso(stop.outbound?.etd),
        outbound_atd_at: iso(stop.outbound?.atd),
        terminal_name: stop.label === 'POD' ? (podTerminal?.name ?? null) : null,
        terminal_firms_code: stop.label === 'POD' ? (podTerminal?.firms_code ?? null) : null,
        updated_at: null,
      },
    });
  });
  for (const leg of await routing.legs(route)) features.push(...(await legFeatures(routing, leg, now)));
  return { type: 'FeatureCollection', features };
}

async function legFeatures(routing: RoutingService, leg: Leg, now: Date): Promise<Feature[]> {
  const [a, b] = [coordinatesOf(leg.from.port), coordinatesOf(leg.to.port)];
  const mode = leg.from.outbound?.mode ?? leg.to.inbound?.mode;
  if (!a || !b || mode === undefined) return [];
  const sequence = leg.index + 1;
  const full = line(mode === 'vessel' ? routing.router.route(a, b) : [a, b], {
    feature_type: 'estimated_full_legs',
    ports_sequence: sequence,
    previous_port_id: leg.from.port!.id,
    next_port_id: leg.to.port!.id,
    mode,
  });
  if (mode !== 'vessel' || !leg.voyage || !leg.vessel) return [full];
  const arrived = leg.to.inbound?.ata ?? null;
  const end = arrived && arrived < now ? arrived : now;
  const positions = await routing.positions(leg.vessel, leg.voyage, leg.voyage.departedAt, end);
  if (positions.length === 0) return [full];
  const sailed = positions.map((p): LonLat => [p.longitude, p.latitude]);
  const features = [full];
  // A LineString needs two points; a single report is still where the vessel is (below).
  if (sailed.length >= 2) {
    features.push(
      line(sailed, {
        feature_type: 'past_vessel_locations',
        ports_sequence: sequence,
        vessel_id: leg.vessel.id,
        start_time: positions[0]!.timestamp.toISOString(),
        end_time: positions[positions.length - 1]!.timestamp.toISOString(),
        outbound_atd_at: iso(leg.from.outbound?.atd),
        inbound_ata_at: iso(arrived),
        inbound_eta_at: iso(leg.to.inbound?.eta),
      }),
    );
  }
  if (arrived && arrived <= now) return features;
  const current = positions[positions.length - 1]!;
  const here: LonLat = [current.longitude, current.latitude];
  features.push({
    type: 'Feature',
    geometry: { type: 'Point', coordinates: here },
    properties: {
      feature_type: 'current_vessel',
      ports_sequence: sequence,
      vessel_id: leg.vessel.id,
      vessel_name: leg.vessel.name,
      vessel_imo: leg.vessel.imo,
      voyage_number: leg.from.outbound?.voyage ?? null,
      vessel_location_timestamp: current.timestamp.toISOString(),
      vessel_location_heading: current.heading,
      vessel_location_speed: current.speedKnots,
      departure_port_id: leg.from.port!.id,
      departure_port_name: leg.from.port!.name,
      departure_port_country_code: leg.from.port!.country_code,
      departure_port_label: leg.from.label,
      departure_port_atd: iso(leg.from.outbound?.atd),
      departure_port_time_zone: leg.from.port!.time_zone,
      arrival_port_id: leg.to.port!.id,
      arrival_port_name: leg.to.port!.name,
      arrival_port_country_code: leg.to.port!.country_code,
      arrival_port_label: leg.to.label,
      arrival_port_eta: iso(leg.to.inbound?.eta),
      arrival_port_time_zone: leg.to.port!.time_zone,
    },
  });
  const ahead = routing.router.route(here, b);
  features.push(
    line(ahead, {
      feature_type: 'estimated_partial_leg',
      ports_sequence: sequence,
      current_port_id: leg.from.port!.id,
      next_port_id: leg.to.port!.id,
    }),
  );
  return features;
}
