import { Injectable, Logger } from '@nestjs/common';
import { CarrierShipmentRepository, ObservationRepository } from '@quayside/data-access';
import type { CarrierShipmentClaim, ObservationItem } from '@quayside/data-access';
import { JOB } from '@quayside/queues';
import { TrackerWorkerConfig } from '../config/tracker-worker.config';
import { CarrierShipmentRefresher, FAN_OUT } from '../tracking-state/carrier-shipment-refresher.service';
import type { Fetched, RefreshRun } from '../tracking-state/carrier-shipment-refresher.service';
import type { ObservationValue } from '../tracking-state/observation-decision';
import { decideObservation } from '../tracking-state/observation-decision';
import { ObservationService } from '../tracking-state/observation.service';
import { keepPollSchedule } from '../tracking-state/poll-schedule';
import { ApplyDcsaPushUseCase } from './apply-dcsa-push.use-case';

export interface PushCommand {
  carrierShipmentId: string;
  outboxId: string | null;
}

type Leased = Extract<CarrierShipmentClaim, { kind: 'leased' }>;

/**
 * Pushes waiting together applied together (docs/dcsa.md, "Carriers that push"): their physical
 * shipments leased in one statement, each observed from its carrier's kept answer with what was
 * pushed since (nobody is asked), and every change written, with every job's outbox row
 * completed, in one transaction. At 200 pushes/s one transaction per push was some fourteen round
 * trips and a commit (a WAL flush) each; a batch costs a fixed number of statements.
 *
 * A push that cannot join goes the way of one push (ApplyDcsaPushUseCase), which decides as
 * before: its shipment leased by another refresh (it waits for it), followed by nobody, asked
 * twice in the batch, without a kept answer (its carrier is asked), or in a batch that could not
 * be written (a job completed already, a failed statement): then the batch is handed back and
 * each of its pushes applied on its own.
 */
@Injectable()
export class ApplyDcsaPushBatchUseCase {
  private readonly logger = new Logger('DcsaPush');

  constructor(
    private readonly carrierShipments: CarrierShipmentRepository,
    private readonly observations: ObservationRepository,
    private readonly refresher: CarrierShipmentRefresher,
    private readonly observation: ObservationService,
    private readonly one: ApplyDcsaPushUseCase,
    private readonly config: TrackerWorkerConfig,
  ) {}

  /** Each command's outcome, in the commands' order. */
  async execute(commands: readonly PushCommand[], now: Date = new Date()): Promise<RefreshRun[]> {
    if (commands.length === 1) return [await this.one.execute(commands[0]!, now)];
    const firsts = new Map<string, number>();
    commands.forEach((command, index) => {
      if (command.outboxId !== null && !firsts.has(command.carrierShipmentId)) firsts.set(command.carrierShipmentId, index);
    });
    const { leased } = await this.carrierShipments.claimMany([...firsts.keys()], this.config.REFRESH_LEASE_MS, null);
    const joining: Array<{ index: number; claim: Leased; fetched: Fetched }> = [];
    const alone = new Set(commands.keys());
    // The batch's shipments name the same lines and mostly the same ports: each is looked up once.
    const lookups = this.observation.lookups();
    await Promise.all(
      leased.map(async (claim) => {
        const index = firsts.get(claim.carrierShipment.id)!;
        const cs = claim.carrierShipment;
        const fetched =
          claim.activeFollowers === 0
            ? null
            : await this.refresher
                .fetchHeld(cs.shipping_line_scac, cs.query_type, cs.query_number, cs.tracking_since, now, lookups)
                .catch((error: unknown) => {
                  this.logger.warn(`the kept answer for ${cs.query_number} could not be observed (${String(error)}): applied alone`);
                  return null;
                });
        if (fetched === null) await this.carrierShipments.release(claim.lease);
        else {
          joining.push({ index, claim, fetched });
          alone.delete(index);
        }
      }),
    );
    const runs: Array<RefreshRun | undefined> = Array.from({ length: commands.length });
    if (joining.length > 0) {
      try {
        const applied = await this.observations.applyJobs(
          joining.map((j) => commands[j.index]!.outboxId!),
          joining.map((j) => this.item(j.claim, j.fetched, now)),
          FAN_OUT,
        );
        applied.forEach((result, n) => {
          const index = joining[n]!.index;
          if (result.status === 'missing') runs[index] = { status: 'missing' };
          else {
            const { outcome, ...value } = result.value;
            runs[index] = { status: outcome, eventIds: result.eventIds, ...value };
          }
        });
      } catch (error) {
        this.logger.warn(`${joining.length} pushes could not be applied together (${String(error)}): applying them one by one`);
        for (const { index, claim } of joining) {
          await this.carrierShipments.release(claim.lease);
          alone.add(index);
        }
      }
    }
    await Promise.all([...alone].map(async (index) => (runs[index] = await this.one.execute(commands[index]!, now))));
    return runs.map((run) => run!);
  }

  private item(claim: Leased, fetched: Fetched, now: Date): ObservationItem<ObservationValue> {
    const cs = claim.carrierShipment;
    const context = this.refresher.decisionContext(cs.shipping_line_scac, fetched.line, now);
    return {
      target: {
        job: JOB.applyDcsaPush,
        lease: claim.lease,
        carrierShipment: { id: cs.id },
        joinOpenRequests: true,
        sources: fetched.sources,
        trackingSince: cs.tracking_since,
      },
      // The next poll stays when it was due: the push answered from the kept answer, not a poll.
      decide: (loaded) => keepPollSchedule(decideObservation(loaded, fetched.result, fetched.observed, context), cs),
    };
  }
}
