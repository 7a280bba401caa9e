import { whatBinds } from './what-binds';
import type { BindingEvidence } from './what-binds';

const quiet: BindingEvidence = {
  cores: 2,
  busyCores: 0.6,
  workers: 2,
  workerCores: 0.3,
  postgresCores: 0.2,
  otherBenchCores: 0.1,
  backendStates: new Map([['CPU', 10]]),
  samples: 100,
  quotasAtLimit: [],
};

describe('whatBinds', () => {
  it.each([
    ['nothing saturated', quiet, 'nothing the bench measures is saturated'],
    [
      'the machine saturated, the workers its biggest user',
      { ...quiet, busyCores: 1.9, workerCores: 1.0, postgresCores: 0.5 },
      "the machine's CPU, most of it used by the tracker-workers",
    ],
    [
      'the machine saturated, Postgres its biggest user',
      { ...quiet, busyCores: 1.95, workerCores: 0.5, postgresCores: 0.9 },
      "the machine's CPU, most of it used by Postgres",
    ],
    [
      'the machine saturated by other sessions',
      { ...quiet, busyCores: 2, workerCores: 0.3, postgresCores: 0.3 },
      "the machine's CPU, most of it used by work outside the bench",
    ],
    [
      'backends waiting on locks and I/O more than running',
      {
        ...quiet,
        backendStates: new Map([
          ['Lock', 80],
          ['IO', 40],
          ['CPU', 100],
        ]),
      },
      'Postgres (its backends wait more than they run)',
    ],
    [
      'backends mostly waiting, but not even one busy on average: not Postgres',
      { ...quiet, backendStates: new Map([['Lock', 60]]), samples: 100, quotasAtLimit: [{ scac: 'EGLV', limits: ['requestsPerMinute'] }] },
      "a carrier's quota: EGLV (requestsPerMinute)",
    ],
    ['a worker near a whole core', { ...quiet, busyCores: 1.2, workerCores: 1.7 }, "the workers' own CPU"],
  ])('%s', (_name, evidence, verdict) => {
    expect(whatBinds(evidence).startsWith(`${verdict} — `)).toBe(true);
  });

  it('gives the evidence: cores by user, what the backends did, the quotas at a limit', () => {
    const line = whatBinds({
      ...quiet,
      busyCores: 1.0,
      backendStates: new Map([
        ['CPU', 150],
        ['IO', 50],
      ]),
      quotasAtLimit: [{ scac: 'EGLV', limits: ['requestsPerMinute', 'maxConcurrency'] }],
    });
    expect(line).toContain('CPU 1.00 of 2 cores busy: workers 0.30 (0.15 each), Postgres 0.20, other bench 0.10, outside 0.40');
    expect(line).toContain('Postgres backends busy 2.0 on average (CPU 75 %, IO 25 %)');
    expect(line).toContain('quota at a limit: EGLV (requestsPerMinute, maxConcurrency)');
  });
});
