import { formatMs, formatRatio, formatTable, formatThroughput, throughputRatio } from './results-table';
import type { Measurement, ResultRow } from './results-table';

const measured = (throughput: number, p50Ms: number | null, p99Ms: number | null, errors = 0): Measurement => ({
  throughput,
  p50Ms,
  p99Ms,
  operations: Math.round(throughput * 5),
  errors,
});

describe('results table', () => {
  it.each([
    [12345.6, '12,346'],
    [100, '100'],
    [99.94, '99.9'],
    [0.5, '0.5'],
  ])('shows %p per second as %p', (value, shown) => {
    expect(formatThroughput(value)).toBe(shown);
  });

  it.each([
    [null, '—'],
    [0.4567, '0.46 ms'],
    [12.345, '12.3 ms'],
    [1234.5, '1,235 ms'],
  ])('shows a latency of %p as %p', (value, shown) => {
    expect(formatMs(value)).toBe(shown);
  });

  it.each([
    [{ quayside: measured(250, 1, 2), bare: measured(1000, 1, 2) }, 0.25],
    [{ quayside: measured(1000, 1, 2), bare: measured(1000, 1, 2) }, 1],
    [{ quayside: measured(10, 1, 2), bare: measured(0, null, null) }, null],
  ])('puts quayside against the bare limit as a share of its throughput (%#)', (row, expected) => {
    expect(throughputRatio(row)).toBe(expected);
  });

  it.each([
    [null, '—'],
    [0.256, '0.26×'],
    [0.004712, '0.0047×'],
    [1, '1.00×'],
    [1.234, '1.23×'],
  ])('shows the ratio %p as %p', (value, shown) => {
    expect(formatRatio(value)).toBe(shown);
  });

  it('prints one aligned Markdown row per hot path and size, errors named in the cell', () => {
    const rows: ResultRow[] = [
      {
        hotPath: 'GET /v2/containers (first page)',
        size: 10_000,
        unit: 'req/s',
        quayside: { ...measured(812.4, 11.2, 30.1), peakRssMb: 131.6 },
        bare: measured(3010, 3.05, 8.4),
      },
      { hotPath: 'tracker refresh', size: 100_000, unit: 'ops/s', quayside: measured(95.5, 40, 120, 3), bare: measured(640, 6, 14) },
    ];
    const lines = formatTable(rows).split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(
      /^\| hot path +\| containers \| +quayside \| +p50 \| +p99 \| +peak RSS \| +bare limit \| +p50 \| +p99 \| quayside \/ bare \|$/,
    );
    expect(lines[1]).toMatch(/^\|-+\|-+:\|/);
    expect(lines[2]).toContain('| GET /v2/containers (first page) |');
    expect(lines[2]).toContain('812 req/s');
    expect(lines[2]).toContain('3,010 req/s');
    expect(lines[2]).toMatch(/\| +132 MB \|/);
    expect(lines[3]).toMatch(/\| +— \| +640 ops\/s/);
    expect(lines[2]).toMatch(/0\.27× \|$/);
    expect(lines[3]).toContain('95.5 ops/s (3 errors)');
    expect(lines[3]).toContain('100,000');
    expect(new Set(lines.map((line) => line.length)).size).toBe(1);
  });
});
