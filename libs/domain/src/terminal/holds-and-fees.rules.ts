import type { Fee } from '../resources/terminal-data';

/** A hold as a terminal adapter reports it, before normalization. */
export interface ReportedHold {
  name: string;
  status: string;
  description?: string | null;
}

/**
 * Sums per currency (upper-cased ISO 4217 code), leaving out `total` entries (they restate the
 * others). Summed in cents so 0.1 + 0.2 is 0.3.
 */
export function feeTotalsByCurrency(fees: readonly Fee[]): Record<string, number> {
  const cents: Record<string, number> = {};
  for (const fee of fees) {
    if (fee.type === 'total') continue;
    const code = fee.currency.toUpperCase();
    cents[code] = (cents[code] ?? 0) + Math.round(fee.amount * 100);
  }
  return Object.fromEntries(Object.entries(cents).map(([code, value]) => [code, value / 100]));
}
