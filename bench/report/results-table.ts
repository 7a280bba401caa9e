/** One side of a comparison: the quayside hot path, or the bare limit of its stack. */
export interface Measurement {
  /** Completed requests or operations per second. */
  throughput: number;
  p50Ms: number | null;
  p99Ms: number | null;
  /** Completed requests or operations in the measured window. */
  operations: number;
  /** Failed ones (non-2xx answers, exceptions): a side with errors did not do the work measured. */
  errors: number;
  /** What the first failure said, when there was one. */
  firstError?: string | null;
  /** Peak resident memory of the Quayside process measured (MB), when it ran in one of its own. */
  peakRssMb?: number | null;
}

export interface ResultRow {
  hotPath: string;
  /** Containers in the database when measured. */
  size: number;
  unit: 'req/s' | 'ops/s';
  quayside: Measurement;
  bare: Measurement;
}

/** Quayside's throughput as a share of the bare limit's: 1 is as fast as the bare stack. */
export function throughputRatio(row: Pick<ResultRow, 'quayside' | 'bare'>): number | null {
  return row.bare.throughput > 0 ? row.quayside.throughput / row.bare.throughput : null;
}

const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

export function formatThroughput(value: number): string {
  return value >= 100 ? grouped.format(value) : value.toFixed(1);
}

export function formatMs(value: number | null): string {
  if (value === null) return '—';
  if (value < 10) return `${value.toFixed(2)} ms`;
  if (value < 100) return `${value.toFixed(1)} ms`;
  return `${grouped.format(value)} ms`;
}

/** Two significant digits below 1, so a path far from its limit still shows how far (0.0047×). */
export function formatRatio(value: number | null): string {
  if (value === null) return '—';
  return `${value >= 1 || value === 0 ? value.toFixed(2) : value.toPrecision(2)}×`;
}

function throughputCell(measurement: Measurement, unit: ResultRow['unit']): string {
  const errors = measurement.errors > 0 ? ` (${grouped.format(measurement.errors)} errors)` : '';
  return `${formatThroughput(measurement.throughput)} ${unit}${errors}`;
}

const HEADER = ['hot path', 'containers', 'quayside', 'p50', 'p99', 'peak RSS', 'bare limit', 'p50', 'p99', 'quayside / bare'];
// Text columns left, figures right, as a reader scans them.
const RIGHT_ALIGNED = [false, true, true, true, true, true, true, true, true, true];

/** The rows as a Markdown table, padded so it reads in a terminal too. */
export function formatTable(rows: readonly ResultRow[]): string {
  const body = rows.map((row) => [
    row.hotPath,
    grouped.format(row.size),
    throughputCell(row.quayside, row.unit),
    formatMs(row.quayside.p50Ms),
    formatMs(row.quayside.p99Ms),
    row.quayside.peakRssMb === undefined || row.quayside.peakRssMb === null ? '—' : `${grouped.format(row.quayside.peakRssMb)} MB`,
    throughputCell(row.bare, row.unit),
    formatMs(row.bare.p50Ms),
    formatMs(row.bare.p99Ms),
    formatRatio(throughputRatio(row)),
  ]);
  const widths = HEADER.map((title, column) => Math.max(title.length, ...body.map((cells) => cells[column]!.length)));
  const line = (cells: readonly string[]): string =>
    `| ${cells.map((cell, column) => (RIGHT_ALIGNED[column] ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!))).join(' | ')} |`;
  const rule = `|${widths.map((width, column) => (RIGHT_ALIGNED[column] ? `${'-'.repeat(width + 1)}:` : `${'-'.repeat(width + 2)}`)).join('|')}|`;
  return [line(HEADER), rule, ...body.map(line)].join('\n');
}
