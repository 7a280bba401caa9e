import type { RailContainerStatus } from '@quayside/carriers';
import type { RailTerminalRepository } from '@quayside/data-access';

/**
 * Records every inland facility the rail carriers named (one lookup per facility, however many
 * containers go there) and answers container number → rail terminal id. Recording is idempotent
 * and outside the state write: a facility a source reported exists even if this observation is
 * later not applied, and only the containers' link to it follows the observation.
 */
export async function recordRailFacilities(
  railTerminals: RailTerminalRepository,
  byContainer: ReadonlyMap<string, RailContainerStatus>,
): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  const byFacility = new Map<string, string | null>();
  for (const [number, status] of byContainer) {
    const facility = status.destinationFacility;
    if (!facility) continue;
    const report = { name: facility.name, firmsCode: facility.firmsCode, locode: status.destination?.locode ?? null };
    const seen = JSON.stringify(report);
    const id = byFacility.has(seen) ? (byFacility.get(seen) ?? null) : await railTerminals.record(report);
    byFacility.set(seen, id);
    if (id !== null) ids.set(number, id);
  }
  return ids;
}
