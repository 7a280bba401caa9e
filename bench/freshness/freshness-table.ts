import type { FreshnessRun } from './freshness-bench';

const percent = (share: number | null): string => (share === null ? '-' : `${(share * 100).toFixed(1)} %`);
const ms = (value: number | null): string => (value === null ? '-' : String(Math.round(value)));
const whole = (value: number): string => Math.round(value).toLocaleString('en-US');

/** The freshness scenario's figures per worker count, then per carrier (bench/README.md, "Freshness at scale"). */
export function formatFreshnessTable(runs: readonly FreshnessRun[]): string {
  const lines = [
    '| workers | load (before → after) | cadence adherence | source requests/h | pushed changes/s | pushed → webhook p50/p95/p99 ms (received/changes) | polled → webhook p50/p95/p99 ms (received/changes) |',
    '| ------: | --------------------- | ----------------: | ----------------: | ---------------: | ------------------------------------------------- | ------------------------------------------------- |',
    ...runs.map(
      (run) =>
        `| ${run.workers} | ${run.loadBefore} → ${run.loadAfter} | ${percent(run.adherence)} | ${whole(run.requestsPerHour)} | ${run.pushedPerSecond.toFixed(1)} | ` +
        `${ms(run.pushed.p50Ms)}/${ms(run.pushed.p95Ms)}/${ms(run.pushed.p99Ms)} (${run.pushed.received}/${run.pushed.changes}) | ` +
        `${ms(run.polled.p50Ms)}/${ms(run.polled.p95Ms)}/${ms(run.polled.p99Ms)} (${run.polled.received}/${run.polled.changes}) |`,
    ),
    '',
    '| workers | carrier | DCSA | requestsPerMinute | maxConcurrency | adherence | requests/h | most in any 60 s | most in flight |',
    '| ------: | ------- | ---- | ----------------: | -------------: | --------: | ---------: | ---------------: | -------------: |',
    ...runs.flatMap((run) =>
      run.carriers.map(
        (carrier) =>
          `| ${run.workers} | ${carrier.scac} | ${carrier.version}${carrier.push ? ' push' : ''} | ${carrier.requestsPerMinute} | ${carrier.maxConcurrency} | ` +
          `${percent(carrier.adherence)} | ${whole(carrier.requestsPerHour)} | ${carrier.maxIn60s} | ${carrier.maxInFlight} |`,
      ),
    ),
  ];
  return lines.join('\n');
}
