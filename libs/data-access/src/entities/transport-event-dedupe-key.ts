/**
 * The identity of a milestone within one container: the same event at the same place and
 * instant is the same milestone, whichever carrier response reported it.
 */
export function transportEventDedupeKey(event: {
  event: string;
  location_locode: string | null;
  timestamp: Date | string | null;
}): string {
  const instant = event.timestamp === null ? '' : new Date(event.timestamp).toISOString();
  return [event.event, event.location_locode ?? '', instant].join('|');
}
