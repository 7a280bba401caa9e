import type { AppName } from '../support/child-process';

/** Resident memory each compiled app may hold (MB): at rest, and at its peak under the bench's load (docs/architecture.md, "Memory"). */
export const MEMORY_BUDGET_MB = { idle: 150, underLoad: 250 } as const;

export const APPS: readonly AppName[] = ['api', 'tracker-worker', 'webhook-dispatcher'];

/** One app's figures of a run (MB); null where it was not measured (no /proc, or the phase did not run). */
export interface AppMemory {
  app: AppName;
  /** `VmRSS` read at the end of the idle phase. */
  idleRssMb: number | null;
  /** The lowest and highest `VmRSS` read during the idle phase. */
  idleRangeMb: [number, number] | null;
  /** The highest `VmHWM` of the app's processes under the bench's load. */
  peakRssMb: number | null;
}

/** Figures over their budget, one sentence each; an unmeasured figure is no breach (the table shows it as not measured). */
export function overBudget(memory: readonly AppMemory[]): string[] {
  return memory.flatMap(({ app, idleRssMb, peakRssMb }) => [
    ...(idleRssMb !== null && idleRssMb > MEMORY_BUDGET_MB.idle
      ? [`${app} idle ${idleRssMb.toFixed(1)} MB > ${MEMORY_BUDGET_MB.idle} MB`]
      : []),
    ...(peakRssMb !== null && peakRssMb > MEMORY_BUDGET_MB.underLoad
      ? [`${app} under load ${peakRssMb.toFixed(1)} MB > ${MEMORY_BUDGET_MB.underLoad} MB`]
      : []),
  ]);
}

function mb(value: number | null): string {
  return value === null ? 'not measured' : `${value.toFixed(1)} MB`;
}

/** The figures beside their budgets, as a Markdown table. */
export function formatMemoryTable(memory: readonly AppMemory[], idleSeconds: number): string {
  const lines = [
    `| app | idle RSS after ${idleSeconds} s (range) | budget | peak RSS under the bench | budget |`,
    '| --- | ---: | ---: | ---: | ---: |',
    ...memory.map(
      ({ app, idleRssMb, idleRangeMb, peakRssMb }) =>
        `| ${app} | ${mb(idleRssMb)}${idleRangeMb === null ? '' : ` (${idleRangeMb[0].toFixed(1)}–${idleRangeMb[1].toFixed(1)})`} | ≤ ${MEMORY_BUDGET_MB.idle} MB | ${mb(peakRssMb)} | ≤ ${MEMORY_BUDGET_MB.underLoad} MB |`,
    ),
  ];
  return lines.join('\n');
}
