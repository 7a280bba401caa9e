import type { ReferenceDataRepository } from '@quayside/data-access';

/** How long a port's time zone is remembered; reference data changes with a deployment's seed, not between refreshes. */
const REMEMBER_MS = 10 * 60_000;
/** Far more ports than any worker meets in ten minutes; past it the oldest entries go first. */
const MAX_ENTRIES = 10_000;

/**
 * The IANA time zone of a port, as DCSA adapters ask for every place of every answer: from the
 * ports table, remembered for a while (unknown ports too), and one query for concurrent asks of
 * one port. Without it a routine job of 50 shipments asked the database a hundred times for the
 * same two zones.
 */
export class PortTimeZones {
  private readonly zones = new Map<string, { until: number; zone: Promise<string | null> }>();

  constructor(
    private readonly referenceData: ReferenceDataRepository,
    private readonly clock: () => number = Date.now,
  ) {}

  async of(locode: string): Promise<string | null> {
    const now = this.clock();
    const known = this.zones.get(locode);
    if (known !== undefined && known.until > now) return known.zone;
    const entry = { until: now + REMEMBER_MS, zone: this.referenceData.findPortByCode(locode).then((port) => port?.time_zone ?? null) };
    // A failed query is not remembered: the next ask tries again.
    entry.zone.catch(() => {
      if (this.zones.get(locode) === entry) this.zones.delete(locode);
    });
    this.zones.delete(locode);
    if (this.zones.size >= MAX_ENTRIES) this.zones.delete(this.zones.keys().next().value as string);
    this.zones.set(locode, entry);
    return entry.zone;
  }
}
