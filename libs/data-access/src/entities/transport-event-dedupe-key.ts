import { milestoneIdentity } from '@quayside/domain';

/**
 * The identity of a milestone within one container: its event, place and leg, never its time
 * (a source that corrects the time corrects the milestone). Value changes use
 * `valueChangeIdentity` of the domain.
 */
export function transportEventDedupeKey(event: { event: string; location_locode: string | null; leg?: number | null }): string {
  return milestoneIdentity({ event: event.event, location_locode: event.location_locode, leg: event.leg ?? 0 });
}
