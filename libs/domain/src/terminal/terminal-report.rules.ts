import type { FeeType, HoldName, HoldStatus } from '../enums/holds-and-fees.enum';
import { HOLD_NAMES } from '../enums/holds-and-fees.enum';
import type { Fee, Hold } from '../resources/terminal-data';
import type { ReportedHold } from './holds-and-fees.rules';

/** A fee as a terminal adapter reports it: the source's own code and words, before normalization. */
export interface ReportedFee {
  code: string;
  amount: number | string;
  /** ISO 4217; a source that names none charges in its own currency, given by the adapter. */
  currency: string;
  description?: string | null;
}

/** What the terminal said, normalized (docs/terminal-data.md), and the codes nobody taught us. */
export interface NormalizedTerminalReport {
  holds: Hold[];
  fees: Fee[];
  /** `hold:<raw>`, `hold-status:<raw>` or `fee:<raw>`, once each, in report order. */
  unrecognized: string[];
}

const key = (raw: string): string =>
  raw
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');

function vocabulary<T>(words: Readonly<Record<string, T>>): ReadonlyMap<string, T> {
  return new Map(Object.entries(words));
}

// Terminal portals (US and European) spell the same hold many ways; an exam is a customs hold.
// Maps, not object literals: a lookup by a terminal's word must never find an Object.prototype
// member (a hold named "constructor" was dropped, and a status of that name became a function).
const HOLDS: ReadonlyMap<string, HoldName> = vocabulary({
  freight: 'freight',
  'freight hold': 'freight',
  line: 'freight',
  'line hold': 'freight',
  carrier: 'freight',
  'carrier hold': 'freight',
  ssl: 'freight',
  'ssl hold': 'freight',
  'commercial hold': 'freight',
  customs: 'customs',
  'customs hold': 'customs',
  cbp: 'customs',
  'cbp hold': 'customs',
  'customs exam': 'customs',
  exam: 'customs',
  'exam hold': 'customs',
  cet: 'customs',
  'cet exam': 'customs',
  'cet hold': 'customs',
  'cbp exam': 'customs',
  'exam cbp': 'customs',
  'intensive exam': 'customs',
  'tailgate exam': 'customs',
  'x ray': 'customs',
  usda: 'USDA',
  'usda hold': 'USDA',
  aphis: 'USDA',
  'ag hold': 'USDA',
  vacis: 'VACIS',
  'vacis exam': 'VACIS',
  tmf: 'TMF',
  'tmf hold': 'TMF',
  'traffic mitigation fee': 'TMF',
  pierpass: 'TMF',
  other: 'other',
  // Known holds with no name of their own: normalized to `other`, named in the description.
  ctf: 'other',
  'ctf hold': 'other',
  'clean truck fee': 'other',
  'clean truck fund': 'other',
  'terminal hold': 'other',
  'demurrage hold': 'other',
  'fda hold': 'other',
  fda: 'other',
});

const ACTIVE: ReadonlyMap<string, HoldStatus> = vocabulary({
  hold: 'hold',
  'on hold': 'hold',
  active: 'hold',
  held: 'hold',
  y: 'hold',
  yes: 'hold',
  true: 'hold',
  pending: 'pending',
});

const INACTIVE = new Set(['released', 'release', 'cleared', 'clear', 'removed', 'paid', 'none', 'n', 'no', 'false', 'ok', 'inactive']);

const FEES: ReadonlyMap<string, FeeType> = vocabulary({
  demurrage: 'demurrage',
  'demurrage owed': 'demurrage',
  dem: 'demurrage',
  storage: 'demurrage',
  'storage fee': 'demurrage',
  'extended dwell time': 'extended_dwell_time',
  'extended dwell': 'extended_dwell_time',
  dwell: 'extended_dwell_time',
  'dwell fee': 'extended_dwell_time',
  dwt: 'extended_dwell_time',
  edt: 'extended_dwell_time',
  exam: 'exam',
  'exam fee': 'exam',
  'customs exam': 'exam',
  cet: 'exam',
  total: 'total',
  'total due': 'total',
  'total owed': 'total',
  other: 'other',
  // Local fees with no type of their own: `other`, named in the description.
  ctf: 'other',
  'clean truck fee': 'other',
  tmf: 'other',
  'traffic mitigation fee': 'other',
  pierpass: 'other',
  usda: 'other',
  'usda fee': 'other',
  'customs fee': 'other',
  'hazmat fee': 'other',
  'reefer fee': 'other',
  'reefer power': 'other',
});

const describe = (raw: string, description: string | null | undefined): string => {
  const words = description?.trim() ?? '';
  return words === '' || key(words) === key(raw) ? raw.trim() : `${raw.trim()}: ${words}`;
};

/**
 * A terminal's report in its own words → the documented holds and fees (docs/terminal-data.md).
 * Nothing is dropped: an unknown hold name becomes `other` and an unknown fee code an `other` fee,
 * both with the source's words in `description`; an unknown hold status counts as a hold (a
 * container is never shown releasable on a word we cannot read). Every unknown is also listed in
 * `unrecognized` so the tracker can report it. Cleared holds are removed, never given a status.
 */
export function normalizeTerminalReport(
  reportedHolds: readonly ReportedHold[],
  reportedFees: readonly ReportedFee[],
): NormalizedTerminalReport {
  const unrecognized = new Set<string>();
  const byName = new Map<HoldName, Hold>();
  for (const entry of reportedHolds) {
    const statusKey = key(entry.status);
    if (INACTIVE.has(statusKey)) continue;
    let status = ACTIVE.get(statusKey);
    if (status === undefined) {
      unrecognized.add(`hold-status:${entry.status.trim()}`);
      status = 'hold';
    }
    const known = HOLDS.get(key(entry.name));
    if (known === undefined) unrecognized.add(`hold:${entry.name.trim()}`);
    const name = known ?? 'other';
    const description =
      name === 'other' && key(entry.name) !== 'other' ? describe(entry.name, entry.description) : (entry.description ?? null);
    const existing = byName.get(name);
    if (existing === undefined) {
      byName.set(name, { name, status, description });
      continue;
    }
    // Several `other` holds: one entry (one per name, docs/containers.md) naming them all.
    const merged =
      name === 'other' && description !== null && existing.description !== description
        ? [existing.description, description].filter((d) => d !== null).join('; ')
        : (existing.description ?? description);
    byName.set(name, { name, status: existing.status === 'hold' || status === 'hold' ? 'hold' : 'pending', description: merged });
  }
  const holds = HOLD_NAMES.flatMap((name) => {
    const hold = byName.get(name);
    return hold === undefined ? [] : [hold];
  });

  const fees: Fee[] = [];
  for (const entry of reportedFees) {
    const amount = typeof entry.amount === 'number' ? entry.amount : Number(entry.amount.replace(/[,\s]/g, ''));
    if (!Number.isFinite(amount)) {
      unrecognized.add(`fee:${entry.code.trim()}`);
      continue;
    }
    if (amount === 0) continue;
    const known = FEES.get(key(entry.code));
    if (known === undefined) unrecognized.add(`fee:${entry.code.trim()}`);
    const type = known ?? 'other';
    const description =
      type === 'other' && key(entry.code) !== 'other' ? describe(entry.code, entry.description) : (entry.description ?? null);
    const fee: Fee = { type, amount, currency: entry.currency.trim().toUpperCase() };
    // Only when there are words to keep, so fees without any keep their three documented fields.
    fees.push(description === null || description.trim() === '' ? fee : { ...fee, description });
  }
  return { holds, fees, unrecognized: [...unrecognized] };
}
