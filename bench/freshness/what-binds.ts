/** What one window of the freshness scenario measured of the machine, Postgres and the quotas. */
export interface BindingEvidence {
  cores: number;
  /** The machine's busy cores, whoever used them. */
  busyCores: number;
  workers: number;
  /** Cores used by all tracker-worker processes together, by Postgres (the bench's backends and its shared processes), and by the bench's other processes. */
  workerCores: number;
  postgresCores: number;
  otherBenchCores: number;
  /** Samples of the bench's Postgres backends that were not idle, by what they were doing ('CPU', a wait_event_type, 'idle in transaction'). */
  backendStates: ReadonlyMap<string, number>;
  /** How many times pg_stat_activity was sampled. */
  samples: number;
  /** Carriers whose own log reached a limit: requestsPerMinute (≥ 95 % in some 60 s) or maxConcurrency. */
  quotasAtLimit: ReadonlyArray<{ scac: string; limits: string[] }>;
}

/** The machine is saturated from this share of its cores on (the rest is the scheduler's slack). */
const SATURATED = 0.9;
/** Postgres binds on its own when its busy backends mostly wait on locks or I/O, not run. */
const WAITING = 0.5;
const POSTGRES_WAITS = ['Lock', 'LWLock', 'IO', 'BufferPin'];
/** A worker process near a whole core is bound by its own CPU. */
const WORKER_BUSY = 0.8;

const cores = (value: number): string => value.toFixed(2);
const share = (part: number, whole: number): string => `${Math.round((part / whole) * 100)} %`;

/**
 * One line saying what bounded a window, first the verdict, then the evidence: the machine's CPU
 * when it is saturated (and who used it), else Postgres when its backends mostly wait, else a
 * carrier's quota, else the workers' own CPU, else nothing the bench measures.
 */
export function whatBinds(evidence: BindingEvidence): string {
  const outside = Math.max(0, evidence.busyCores - evidence.workerCores - evidence.postgresCores - evidence.otherBenchCores);
  const busyBackendSamples = [...evidence.backendStates.values()].reduce((sum, count) => sum + count, 0);
  const waiting = POSTGRES_WAITS.reduce((sum, type) => sum + (evidence.backendStates.get(type) ?? 0), 0);
  const busyBackends = evidence.samples === 0 ? 0 : busyBackendSamples / evidence.samples;
  const quotas = evidence.quotasAtLimit.map(({ scac, limits }) => `${scac} (${limits.join(', ')})`).join(', ');
  const perWorker = evidence.workers === 0 ? 0 : evidence.workerCores / evidence.workers;

  let verdict: string;
  if (evidence.busyCores >= SATURATED * evidence.cores) {
    const users = [
      ['the tracker-workers', evidence.workerCores],
      ['Postgres', evidence.postgresCores],
      ["the bench's other processes", evidence.otherBenchCores],
      ['work outside the bench', outside],
    ] as const;
    const [first] = [...users].sort((a, b) => b[1] - a[1]);
    verdict = `the machine's CPU, most of it used by ${first![0]}`;
  } else if (busyBackends >= 1 && waiting >= WAITING * busyBackendSamples) verdict = 'Postgres (its backends wait more than they run)';
  else if (quotas !== '') verdict = `a carrier's quota: ${quotas}`;
  else if (perWorker >= WORKER_BUSY) verdict = "the workers' own CPU";
  else verdict = 'nothing the bench measures is saturated';

  const states = [...evidence.backendStates]
    .sort((a, b) => b[1] - a[1])
    .map(([state, count]) => `${state} ${share(count, busyBackendSamples)}`)
    .join(', ');
  return (
    `${verdict} — CPU ${cores(evidence.busyCores)} of ${evidence.cores} cores busy: workers ${cores(evidence.workerCores)} ` +
    `(${cores(perWorker)} each), Postgres ${cores(evidence.postgresCores)}, other bench ${cores(evidence.otherBenchCores)}, outside ${cores(outside)}; ` +
    `Postgres backends busy ${busyBackends.toFixed(1)} on average${states === '' ? '' : ` (${states})`}; ` +
    `quota at a limit: ${quotas === '' ? 'none' : quotas}`
  );
}
