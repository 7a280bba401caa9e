import type { ReportedFee, ReportedHold } from '@quayside/domain';
import type { TerminalContainerStatus } from '../ports/terminal-adapter.port';

export interface ApmtParseContext {
  /** IANA zone of the facility: a date-only last free day is midnight there. */
  timeZone: string;
  /** `demurrageOwed` carries no currency: the facility's own (USD at the US facilities). */
  currency: string;
  checkedAt: string;
}

export type ApmtParseResult = { ok: true; containers: TerminalContainerStatus[] } | { ok: false; problem: string };

/** A field present but unreadable (unlike null: absent, "the terminal does not say"). */
const BAD = Symbol('unreadable');
type Unreadable = typeof BAD;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function text(record: Record<string, unknown>, field: string): string | null {
  const value = record[field];
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** The API writes booleans as strings (`"true"`); anything else is "the terminal does not say". */
function flag(record: Record<string, unknown>, field: string): boolean | null {
  const value = record[field];
  if (typeof value === 'boolean') return value;
  if (typeof value !== 'string') return null;
  const word = value.trim().toLowerCase();
  if (word === 'true' || word === 'y' || word === 'yes') return true;
  if (word === 'false' || word === 'n' || word === 'no') return false;
  return null;
}

/** A local date-time with its UTC offset (`2024-03-04T10:12:00-08:00`) → UTC; without an offset it is not trusted. */
function instant(record: Record<string, unknown>, field: string): string | null | Unreadable {
  const value = text(record, field);
  if (value === null) return null;
  if (!/(?:Z|[+-]\d{2}:?\d{2})$/i.test(value)) return BAD;
  const time = Date.parse(value);
  return Number.isNaN(time) ? BAD : new Date(time).toISOString();
}

function offsetMinutes(zone: string, at: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(at));
  const get = (type: string): number => Number(parts.find((p) => p.type === type)?.value ?? '0');
  return (Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) - at) / 60_000;
}

/** `2024-03-08` (the storage paid-through date, the terminal's last free day) → that day's local midnight in UTC. */
function localDay(record: Record<string, unknown>, field: string, zone: string): string | null | Unreadable {
  const value = text(record, field);
  if (value === null) return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (match === null) return BAD;
  const guess = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  const first = guess - offsetMinutes(zone, guess) * 60_000;
  return new Date(guess - offsetMinutes(zone, first) * 60_000).toISOString();
}

function holdsOf(record: Record<string, unknown>): ReportedHold[] | Unreadable {
  const raw = record['containerHolds'];
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) return BAD;
  const holds: ReportedHold[] = [];
  for (const entry of raw) {
    if (!isRecord(entry)) return BAD;
    const name = text(entry, 'holdType');
    if (name === null) return BAD;
    holds.push({ name, status: text(entry, 'holdStatus') ?? 'HOLD', description: text(entry, 'holdDescription') });
  }
  return holds;
}

function feesOf(record: Record<string, unknown>, currency: string): ReportedFee[] {
  const owed = text(record, 'demurrageOwed');
  return owed === null ? [] : [{ code: 'Demurrage Owed', amount: owed, currency }];
}

function containerOf(record: unknown, context: ApmtParseContext): TerminalContainerStatus | string {
  if (!isRecord(record)) return 'an entry is not an object';
  const number = text(record, 'containerId');
  if (number === null) return 'an entry has no containerId';
  const holds = holdsOf(record);
  if (holds === BAD) return `${number}: containerHolds is not a list of holds with a holdType`;
  const dates: Record<'dischargedAt' | 'fullOutAt' | 'pickupAppointmentAt' | 'pickupLfdTerminal', string | null | Unreadable> = {
    dischargedAt: instant(record, 'dischargeDateTimeLocal'),
    fullOutAt: instant(record, 'facilityOutDateTimeLocal'),
    pickupAppointmentAt: instant(record, 'appointmentDateTimeLocal'),
    pickupLfdTerminal: localDay(record, 'storagePaidThroughDate', context.timeZone),
  };
  for (const [field, value] of Object.entries(dates)) if (value === BAD) return `${number}: ${field} is not a date with its UTC offset`;
  const at = (value: string | null | Unreadable): string | null => (value === BAD ? null : value);
  return {
    containerNumber: number.toUpperCase(),
    availableForPickup: flag(record, 'isReadyForDelivery'),
    reportedHolds: holds,
    reportedFees: feesOf(record, context.currency),
    pickupLfdTerminal: at(dates.pickupLfdTerminal),
    pickupAppointmentAt: at(dates.pickupAppointmentAt),
    locationAtPodTerminal: text(record, 'yardLocation'),
    fullOutAt: at(dates.fullOutAt),
    dischargedAt: at(dates.dischargedAt),
    timezone: context.timeZone,
    checkedAt: context.checkedAt,
  };
}

/**
 * An Import Availability answer (docs/terminal-data.md): one object or an array of them, one per
 * container the facility knows. Holds and fees stay in the terminal's words; a malformed entry
 * fails the whole answer (`unrecognized_response`) rather than half-reading it.
 */
export function parseApmtImportAvailability(body: unknown, context: ApmtParseContext): ApmtParseResult {
  const entries = Array.isArray(body) ? body : isRecord(body) ? [body] : null;
  if (entries === null) return { ok: false, problem: 'the answer is neither an object nor an array' };
  const containers: TerminalContainerStatus[] = [];
  for (const entry of entries) {
    const parsed = containerOf(entry, context);
    if (typeof parsed === 'string') return { ok: false, problem: parsed };
    containers.push(parsed);
  }
  return { ok: true, containers };
}
