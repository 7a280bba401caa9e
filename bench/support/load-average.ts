import { loadavg } from 'node:os';

/** The machine's 1, 5 and 15 minute load averages, as the bench prints them beside its figures. */
export const loadAverage = (): string =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
