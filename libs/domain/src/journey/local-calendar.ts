import type { IanaTimeZone } from '../resources/common';

const DAY_MS = 86_400_000;
const formats = new Map<string, Intl.DateTimeFormat>();

function formatFor(zone: IanaTimeZone | null): Intl.DateTimeFormat {
  const name = zone ?? 'UTC';
  let format = formats.get(name);
  if (format === undefined) {
    try {
      format = new Intl.DateTimeFormat('en-CA', { timeZone: name, year: 'numeric', month: '2-digit', day: '2-digit' });
    } catch {
      // A zone the runtime does not know is not a reason to fail a read: count in UTC, uncached.
      return formatFor(null);
    }
    formats.set(name, format);
  }
  return format;
}

/** The calendar day of `instant` in `zone` (UTC when null or unknown), as days since 1970-01-01. */
function localDay(instant: Date, zone: IanaTimeZone | null): number {
  const parts = Object.fromEntries(
    formatFor(zone)
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return Date.UTC(Number(parts['year']), Number(parts['month']) - 1, Number(parts['day'])) / DAY_MS;
}

/**
 * Whole calendar days from `now` to `day` in the place's zone: 0 on the day itself, negative
 * once it has passed. A last free day is a day (sources send the start of it, local midnight),
 * so it lasts until that day ends where the container is, not 24 hours after some instant.
 */
export function calendarDaysUntil(day: Date, now: Date, zone: IanaTimeZone | null): number {
  return localDay(day, zone) - localDay(now, zone);
}
