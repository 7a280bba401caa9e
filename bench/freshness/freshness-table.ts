import type { FreshnessRun } from './freshness-report';

const percent = (share: number | null): string => (share === null ? '-' : `${(share * 100).toFixed(1)} %`);
const ms = (value: number | null): string => (value === null ? '-' : String(Math.round(value)));
const s = (value: number | null): string => (value === null ? '-' : (value / 1000).toFixed(1));
const whole = (value: number): string => Math.round(value).toLocaleString('en-US');
const cores = (value: number): string => value.toFixed(2);

/** The freshness scenario's figures per worker count, then per carrier, then what bound it (bench/README.md, "Freshness at scale"). */
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
    '| workers | came due | answered by the deadline (on time/judged) | not judged yet | due → answered p50/p99 s | still due at the end | how long due then p50/p99 s |',
    '| ------: | -------: | ----------------------------------------- | -------------: | ------------------------ | -------------------: | --------------------------- |',
    ...runs.map(
      ({ workers, due }) =>
        `| ${workers} | ${whole(due.due)} | ${percent(due.adherence)} (${whole(due.onTime)}/${whole(due.onTime + due.late)}) | ${whole(due.undecided)} | ` +
        `${s(due.delayP50Ms)}/${s(due.delayP99Ms)} | ${whole(due.overdue)} | ${s(due.overdueP50Ms)}/${s(due.overdueP99Ms)} |`,
    ),
    '',
    '| workers | carrier | DCSA | requestsPerMinute | maxConcurrency | adherence | due on time | requests/h | most in any 60 s | most in flight |',
    '| ------: | ------- | ---- | ----------------: | -------------: | --------: | ----------: | ---------: | ---------------: | -------------: |',
    ...runs.flatMap((run) =>
      run.carriers.map(
        (carrier) =>
          `| ${run.workers} | ${carrier.scac} | ${carrier.version}${carrier.push ? ' push' : ''} | ${carrier.requestsPerMinute} | ${carrier.maxConcurrency} | ` +
          `${percent(carrier.adherence)} | ${percent(carrier.dueAdherence)} | ${whole(carrier.requestsPerHour)} | ${carrier.maxIn60s} | ${carrier.maxInFlight} |`,
      ),
    ),
    '',
    '| workers | CPU busy (cores) | tracker-workers | Postgres | api | dispatcher | carriers, receiver, bench | commits/s | blocks read/s | buffer hits | top waits of busy backends |',
    '| ------: | ---------------: | --------------: | -------: | --: | ---------: | ------------------------: | --------: | ------------: | ----------: | -------------------------- |',
    ...runs.map(
      ({ workers, cpu, postgres }) =>
        `| ${workers} | ${cores(cpu.busyCores)} of ${cpu.cores} | ${cores(cpu.workers)} | ${cores(cpu.postgres)} | ${cores(cpu.api)} | ${cores(cpu.dispatcher)} | ` +
        `${cores(cpu.others)} | ${whole(postgres.commitsPerSecond)} | ${whole(postgres.blocksReadPerSecond)} | ${percent(postgres.hitRatio)} | ${postgres.topWaits || '-'} |`,
    ),
    '',
    ...runs.map((run) => `- ${run.workers} worker(s), what binds: ${run.binds}`),
  ];
  return lines.join('\n');
}
