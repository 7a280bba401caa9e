import type { AccountFeature } from '../enums/account.enum';
import { FEE_TYPES, HOLD_NAMES, HOLD_STATUSES } from '../enums/holds-and-fees.enum';
import type { Id, UtcTimestamp } from '../resources/common';
import type { Fee, Hold } from '../resources/terminal-data';

/**
 * Attributes a `container.updated` changeset can name, in the order they are listed: the
 * reference's six (`available_for_pickup`, `pickup_lfd`, `fees_at_pod_terminal`,
 * `holds_at_pod_terminal`, `pickup_appointment_at`, `pod_terminal`) and the three last free
 * day sources of `import_deadlines`.
 */
export const CHANGESET_ATTRIBUTES = [
  'available_for_pickup',
  'pickup_lfd',
  'pickup_lfd_line',
  'pickup_lfd_terminal',
  'pickup_lfd_rail',
  'fees_at_pod_terminal',
  'holds_at_pod_terminal',
  'pickup_appointment_at',
  'pod_terminal',
] as const;
export type ChangesetAttribute = (typeof CHANGESET_ATTRIBUTES)[number];

/** Each changed attribute as `[old, new]` (docs/webhooks.md, rule 1); `pod_terminal` holds terminal ids. */
export interface ContainerChangeset {
  available_for_pickup?: [boolean | null, boolean | null];
  pickup_lfd?: [UtcTimestamp | null, UtcTimestamp | null];
  pickup_lfd_line?: [UtcTimestamp | null, UtcTimestamp | null];
  pickup_lfd_terminal?: [UtcTimestamp | null, UtcTimestamp | null];
  pickup_lfd_rail?: [UtcTimestamp | null, UtcTimestamp | null];
  fees_at_pod_terminal?: [Fee[], Fee[]];
  holds_at_pod_terminal?: [Hold[], Hold[]];
  pickup_appointment_at?: [UtcTimestamp | null, UtcTimestamp | null];
  pod_terminal?: [Id | null, Id | null];
}

/** Changeset attributes only accounts with a feature may see. */
export const CHANGESET_ATTRIBUTE_FEATURES: Readonly<Partial<Record<ChangesetAttribute, AccountFeature>>> = { pickup_lfd_rail: 'rail_lfd' };

/** The changeset without the attributes the account lacks a feature for (may come out empty: then send nothing). */
export function changesetForFeatures<C extends object = ContainerChangeset>(changeset: C, features: readonly AccountFeature[]): C {
  const visible = { ...changeset } as Record<string, unknown>;
  for (const attribute of CHANGESET_ATTRIBUTES) {
    const feature = CHANGESET_ATTRIBUTE_FEATURES[attribute];
    if (feature !== undefined && !features.includes(feature)) delete visible[attribute];
  }
  return visible as C;
}

/** Two timestamps are the same instant (`…:00Z` and `…:00.000Z` are); null only equals null. */
export function sameInstant(a: UtcTimestamp | null, b: UtcTimestamp | null): boolean {
  if (a === null || b === null) return a === b;
  const left = Date.parse(a);
  const right = Date.parse(b);
  return Number.isFinite(left) && Number.isFinite(right) ? left === right : a === b;
}

/** A comparable form of a timestamp: epoch milliseconds when it parses, else the text. */
export function instantKey(value: UtcTimestamp | null): string {
  if (value === null) return '';
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? String(ms) : value;
}

/** Holds in a fixed order (documented name order, then status, then description). */
export function canonicalHolds(holds: readonly Hold[]): Hold[] {
  return [...holds].sort(
    (a, b) =>
      HOLD_NAMES.indexOf(a.name) - HOLD_NAMES.indexOf(b.name) ||
      HOLD_STATUSES.indexOf(a.status) - HOLD_STATUSES.indexOf(b.status) ||
      compareText(a.description, b.description),
  );
}

/** Fees in a fixed order (fee type order, then currency, then amount). */
export function canonicalFees(fees: readonly Fee[]): Fee[] {
  return [...fees].sort(
    (a, b) => FEE_TYPES.indexOf(a.type) - FEE_TYPES.indexOf(b.type) || compareText(a.currency, b.currency) || a.amount - b.amount,
  );
}

/** Same holds, whatever their order. */
export function sameHolds(a: readonly Hold[], b: readonly Hold[]): boolean {
  return JSON.stringify(canonicalHolds(a).map(holdTuple)) === JSON.stringify(canonicalHolds(b).map(holdTuple));
}

/** Same fees, whatever their order. */
export function sameFees(a: readonly Fee[], b: readonly Fee[]): boolean {
  return JSON.stringify(canonicalFees(a).map(feeTuple)) === JSON.stringify(canonicalFees(b).map(feeTuple));
}

/** Byte-order comparison with null first: stable across locales. */
export function compareText(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  return a < b ? -1 : 1;
}

const holdTuple = (hold: Hold): [string, string, string | null] => [hold.name, hold.status, hold.description ?? null];
const feeTuple = (fee: Fee): [string, number, string] => [fee.type, fee.amount, fee.currency];
