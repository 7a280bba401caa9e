import type { IanaTimeZone } from '@quayside/domain';
import type { TimeZoneLookup } from '../ports/time-zone-lookup';
import { fallbackTimeZoneOf } from './fallback-time-zones';

/**
 * Resolves every distinct UN/LOCODE once: the injected lookup first (the ports table),
 * then the built-in table. A failing lookup falls back instead of failing the track call.
 */
export async function resolveTimeZones(
  locodes: Iterable<string>,
  lookup: TimeZoneLookup | undefined,
): Promise<Map<string, IanaTimeZone | null>> {
  const zones = new Map<string, IanaTimeZone | null>();
  for (const locode of new Set(locodes)) {
    let zone: IanaTimeZone | null = null;
    if (lookup) {
      try {
        zone = await lookup(locode);
      } catch {
        zone = null;
      }
    }
    zones.set(locode, zone ?? fallbackTimeZoneOf(locode));
  }
  return zones;
}
