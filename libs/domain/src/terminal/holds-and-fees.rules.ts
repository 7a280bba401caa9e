import type { HoldName, HoldStatus } from '../enums/holds-and-fees.enum';
import { HOLD_NAMES } from '../enums/holds-and-fees.enum';
import type { ContainerAttributes } from '../resources/container';
import type { Fee, Hold } from '../resources/terminal-data';

/**
 * Ready for pickup (docs/containers.md): available and no hold entries. `available_for_pickup`
 * null (unknown) is not ready. A hold in `pending` still blocks: only removal clears it.
 */
export function isReadyForPickup(container: Pick<ContainerAttributes, 'available_for_pickup' | 'holds_at_pod_terminal'>): boolean {
  return container.available_for_pickup === true && container.holds_at_pod_terminal.length === 0;
}

/** A hold as a terminal adapter reports it, before normalization. */
export interface ReportedHold {
  name: string;
  status: string;
  description?: string | null;
}

// Terminals spell holds their own way; these are the spellings seen on US terminal portals.
const HOLD_NAME_SYNONYMS: Readonly<Record<string, HoldName>> = {
  freight: 'freight',
  line: 'freight',
  'line hold': 'freight',
  'freight hold': 'freight',
  carrier: 'freight',
  ssl: 'freight',
  customs: 'customs',
  'customs hold': 'customs',
  cbp: 'customs',
  usda: 'USDA',
  vacis: 'VACIS',
  tmf: 'TMF',
  'traffic mitigation fee': 'TMF',
  other: 'other',
};

const ACTIVE_STATUSES: Readonly<Record<string, HoldStatus>> = {
  hold: 'hold',
  'on hold': 'hold',
  active: 'hold',
  held: 'hold',
  pending: 'pending',
};

/** The documented hold name (docs/containers.md) for a reported one; anything unknown is `other`. */
export function normalizeHoldName(raw: string): HoldName {
  return HOLD_NAME_SYNONYMS[raw.trim().toLowerCase().replace(/\s+/g, ' ')] ?? 'other';
}

/**
 * Reported holds → `holds_at_pod_terminal`. Entries whose status is not active (released,
 * cleared, removed, anything but hold/pending) are dropped, because a cleared hold is removed
 * rather than given a released status. One entry per name (`hold` wins over `pending`), in the
 * documented name order (docs/containers.md), so the same facts always give the same array.
 */
export function normalizeHolds(reported: readonly ReportedHold[]): Hold[] {
  const byName = new Map<HoldName, Hold>();
  for (const entry of reported) {
    const status = ACTIVE_STATUSES[entry.status.trim().toLowerCase()];
    if (status === undefined) continue;
    const name = normalizeHoldName(entry.name);
    const existing = byName.get(name);
    if (existing !== undefined && (existing.status === 'hold' || status === 'pending')) continue;
    byName.set(name, { name, status, description: entry.description ?? existing?.description ?? null });
  }
  return HOLD_NAMES.flatMap((name) => {
    const hold = byName.get(name);
    return hold === undefined ? [] : [hold];
  });
}

/** The holds without `name`: what clearing a hold does. */
export function clearHold(holds: readonly Hold[], name: HoldName): Hold[] {
  return holds.filter((hold) => hold.name !== name);
}

/**
 * Sum of the posted fees in one currency, leaving out `total` entries (they restate the others).
 * Summed in cents so 0.1 + 0.2 is 0.3.
 */
export function sumFees(fees: readonly Fee[], currency = 'USD'): number {
  return feeTotalsByCurrency(fees)[currency.toUpperCase()] ?? 0;
}

/** Sums per currency (upper-cased ISO 4217 code), excluding `total` entries. */
export function feeTotalsByCurrency(fees: readonly Fee[]): Record<string, number> {
  const cents: Record<string, number> = {};
  for (const fee of fees) {
    if (fee.type === 'total') continue;
    const code = fee.currency.toUpperCase();
    cents[code] = (cents[code] ?? 0) + Math.round(fee.amount * 100);
  }
  return Object.fromEntries(Object.entries(cents).map(([code, value]) => [code, value / 100]));
}
