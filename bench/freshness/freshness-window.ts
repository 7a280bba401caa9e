import { cpus } from 'node:os';
import type { RefreshCadence } from '@quayside/domain';
import type { BenchDatabase } from '../database/bench-database';
import { loadAverage } from '../support/load-average';
import { CpuUsage } from '../support/process-cpu';
import { dueAdherence } from './due-adherence';
import type { CarrierRuntime, FreshnessProcesses } from './freshness-processes';
import { logFigures } from './freshness-report';
import type { CpuFigures, FreshnessRun } from './freshness-report';
import { comingDue, markRefreshed, sampleAdherence } from './freshness-sampling';
import type { AdherenceSample } from './freshness-sampling';
import { JITTER_RATIO, PROBE_MS, SAMPLE_MS, SCHEDULER_TICK_MS, WARM_UP_MS } from './freshness-scenario';
import { PostgresActivity } from './postgres-activity';
import { whatBinds } from './what-binds';

/** What every window of a run shares: the seeded database, the running processes and the scenario's timing. */
export interface WindowSetting {
  db: BenchDatabase;
  processes: FreshnessProcesses;
  carriers: CarrierRuntime[];
  receiverLog: string;
  cadence: RefreshCadence;
  shipments: number;
  measureSeconds: number;
  /** The arrival estimate of version 0 (epoch ms), as the carriers were told. */
  etaAnchor: number;
}

/**
 * One measured window of the freshness scenario: a number of tracker-workers started, a warm-up,
 * then `measureSeconds` of sampling adherence, the due shipments, Postgres' activity and every
 * process' CPU, and the figures read from the logs; the workers are stopped at the end.
 */
export class FreshnessWindow {
  constructor(private readonly setting: WindowSetting) {}

  async measure(workers: number): Promise<FreshnessRun> {
    const { db, processes, cadence } = this.setting;
    try {
      await processes.startWorkers(workers, this.setting.carriers, cadence);
      const loadBefore = loadAverage();
      await new Promise((resolve) => setTimeout(resolve, WARM_UP_MS));
      const from = Date.now();
      const until = from + this.setting.measureSeconds * 1000;
      const due = await comingDue(db, from, until);
      const cpu = new CpuUsage(cpus().length);
      const postgres = new PostgresActivity(db.dataSource);
      await postgres.start();
      const probe = (): void =>
        cpu.sample(
          new Map([
            ['workers', processes.workerPids()],
            ['postgres', [...postgres.processes().backends, ...postgres.processes().shared]],
            ...processes.rolePids(),
          ]),
        );
      probe();
      // A scan of every active shipment each 5 s is a load of its own past 100,000 of them: then one, at the end.
      const sampleEvery = this.setting.shipments > 100_000 ? Number.POSITIVE_INFINITY : SAMPLE_MS;
      const samples: AdherenceSample[] = [];
      let nextSample = from;
      let nextDueCheck = from;
      while (Date.now() < until) {
        await postgres.sample();
        probe();
        if (Date.now() >= nextSample) {
          samples.push(await sampleAdherence(db, cadence));
          nextSample += sampleEvery;
        }
        if (Date.now() >= nextDueCheck) {
          await markRefreshed(db, due);
          nextDueCheck += SAMPLE_MS;
        }
        await new Promise((resolve) => setTimeout(resolve, Math.min(PROBE_MS, Math.max(0, until - Date.now()))));
      }
      const to = Date.now();
      await markRefreshed(db, due);
      if (samples.length === 0 || sampleEvery === Number.POSITIVE_INFINITY) samples.push(await sampleAdherence(db, cadence));
      probe();
      const cpuFigures = cpu.figures();
      const postgresFigures = await postgres.figures();
      // Deliveries of changes made near the end get a moment to arrive before the logs are read.
      await new Promise((resolve) => setTimeout(resolve, 10_000));
      const adherence = dueAdherence([...due.values()], {
        cadence,
        jitterRatio: JITTER_RATIO,
        tickMs: SCHEDULER_TICK_MS,
        windowEnd: to,
      });
      const logs = logFigures({
        carriers: this.setting.carriers,
        receiverLog: this.setting.receiverLog,
        samples,
        from,
        to,
        due: adherence,
        etaAnchor: this.setting.etaAnchor,
      });
      const used = (group: string): number => cpuFigures.byGroup.get(group) ?? 0;
      const cpuByRole: CpuFigures = {
        cores: cpuFigures.cores,
        busyCores: cpuFigures.busyCores,
        workers: used('workers'),
        postgres: used('postgres'),
        api: used('api'),
        dispatcher: used('dispatcher'),
        others: used('others'),
      };
      const { byCarrier: _byCarrier, ...dueFigures } = adherence;
      return {
        workers,
        loadBefore,
        loadAfter: loadAverage(),
        ...logs,
        due: dueFigures,
        cpu: cpuByRole,
        postgres: postgresFigures,
        binds: whatBinds({
          cores: cpuByRole.cores,
          busyCores: cpuByRole.busyCores,
          workers,
          workerCores: cpuByRole.workers,
          postgresCores: cpuByRole.postgres,
          otherBenchCores: cpuByRole.api + cpuByRole.dispatcher + cpuByRole.others,
          backendStates: postgresFigures.states,
          samples: postgresFigures.samples,
          quotasAtLimit: logs.carriers.flatMap((carrier) => {
            const limits = [
              ...(carrier.maxIn60s >= 0.95 * carrier.requestsPerMinute ? ['requestsPerMinute'] : []),
              ...(carrier.maxInFlight >= carrier.maxConcurrency ? ['maxConcurrency'] : []),
            ];
            return limits.length === 0 ? [] : [{ scac: carrier.scac, limits }];
          }),
        }),
      };
    } finally {
      await processes.stopWorkers();
    }
  }
}
