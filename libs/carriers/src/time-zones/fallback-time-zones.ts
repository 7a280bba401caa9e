import { PORT_SEEDS } from '@quayside/data-access';
import type { IanaTimeZone } from '@quayside/domain';

/**
 * The zones of the ports table every database is seeded with (libs/data-access reference data),
 * so a worker without its ports table (tests, first boot) still stores the right local zone.
 * The database lookup wins; this is the same table, read from the package instead.
 */
const FALLBACK_TIME_ZONES: ReadonlyMap<string, IanaTimeZone> = new Map(PORT_SEEDS.map((port) => [port.code, port.time_zone]));

export function fallbackTimeZoneOf(locode: string): IanaTimeZone | null {
  return FALLBACK_TIME_ZONES.get(locode.toUpperCase()) ?? null;
}
