import { createHash } from 'node:crypto';
import type { ContainerRoute } from './routing.service';
import type { RouteStop } from './route-builder';

const iso = (value: Date | null | undefined): string | null => (value ? value.toISOString() : null);

/** A stable uuid-shaped id for a derived record (a route location is computed, not stored). */
function derivedId(...parts: string[]): string {
  const hex = createHash('sha256').update(parts.join('|')).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

type Resource = {
  id: string;
  type: string;
  attributes: Record<string, unknown>;
  relationships?: Record<string, unknown>;
  links?: Record<string, string>;
};

/**
 * `GET /v2/containers/{id}/route` as the established clients read it: a `route` whose
 * `route_locations` are included with their ports and vessels.
 */
export function routeDocument(route: ContainerRoute): { data: Resource; included: Resource[] } {
  const vesselId = (stop: RouteStop, side: 'inbound' | 'outbound'): string | null => {
    const imo = stop[side]?.vessel?.imo;
    return imo ? (route.vessels.get(imo)?.id ?? null) : null;
  };
  const locations: Resource[] = route.stops.map((stop, index) => {
    const inbound = vesselId(stop, 'inbound');
    const outbound = vesselId(stop, 'outbound');
    return {
      id: derivedId(route.containerId, String(index), stop.locode),
      type: 'route_location',
      attributes: {
        label: stop.label,
        inbound_mode: stop.inbound?.mode ?? null,
        inbound_scac: stop.inbound?.scac ?? null,
        inbound_vessel_name: stop.inbound?.vessel?.name ?? null,
        inbound_voyage_number: stop.inbound?.voyage ?? null,
        inbound_eta_at: iso(stop.inbound?.eta),
        inbound_ata_at: iso(stop.inbound?.ata),
        outbound_mode: stop.outbound?.mode ?? null,
        outbound_scac: stop.outbound?.scac ?? null,
        outbound_vessel_name: stop.outbound?.vessel?.name ?? null,
        outbound_voyage_number: stop.outbound?.voyage ?? null,
        outbound_etd_at: iso(stop.outbound?.etd),
        outbound_atd_at: iso(stop.outbound?.atd),
      },
      relationships: {
        location: { data: stop.port ? { id: stop.port.id, type: 'port' } : null },
        inbound_vessel: { data: inbound ? { id: inbound, type: 'vessel' } : null },
        outbound_vessel: { data: outbound ? { id: outbound, type: 'vessel' } : null },
      },
    };
  });
  const ports = new Map(route.stops.flatMap((stop) => (stop.port ? [[stop.port.id, stop.port] as const] : [])));
  const included: Resource[] = [
    ...locations,
    ...[...ports.values()].map((port) => ({
      id: port.id,
      type: 'port',
      attributes: {
        name: port.name,
        code: port.code,
        state_abbr: port.state_abbr,
        city: port.city,
        country_code: port.country_code,
        time_zone: port.time_zone,
        latitude: port.latitude,
        longitude: port.longitude,
      },
      links: { self: `/v2/ports/${port.id}` },
    })),
    ...[...route.vessels.values()].map((vessel) => ({
      id: vessel.id,
      type: 'vessel',
      attributes: { name: vessel.name, imo: vessel.imo, mmsi: vessel.mmsi },
      links: { self: `/v2/vessels/${vessel.id}` },
    })),
  ];
  return {
    data: {
      id: route.containerId,
      type: 'route',
      attributes: {},
      relationships: {
        cargo: { data: { id: route.containerId, type: 'container' } },
        route_locations: { data: locations.map((location) => ({ id: location.id, type: 'route_location' })) },
      },
      links: { self: `/v2/containers/${route.containerId}/route` },
    },
    included,
  };
}
