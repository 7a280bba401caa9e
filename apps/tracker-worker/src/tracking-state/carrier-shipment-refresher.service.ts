import { Injectable, Logger } from '@nestjs/common';
import type { CarrierTrackResult } from '@quayside/carriers';
import { SourceBackoffError } from '@quayside/carriers';
import { CarrierShipmentRepository, ObservationRepository, OutboxRepository, timeOrderedId } from '@quayside/data-access';
import type {
  ObservationItem,
  ObservationItemResult,
  ObservationLease,
  ObservationSources,
  TrackingRequestEntity,
} from '@quayside/data-access';
import type { RequestType } from '@quayside/domain';
import { JOB, jobRoute, outboxJob } from '@quayside/queues';
import { TrackingAdapters } from '../adapters/tracking-adapters';
import { TrackerWorkerConfig } from '../config/tracker-worker.config';
import { keepPollSchedule } from './poll-schedule';
import { freshUntil, nextRefreshAt } from './refresh-cadence';
import type { CadenceSettings } from './refresh-cadence';
import type { Observation, ShippingLineRef } from './observation';
import type { DecisionContext, ObservationValue } from './observation-decision';
import { decideObservation } from './observation-decision';
import { ObservationService } from './observation.service';
import type { ReferenceLookups } from './reference-lookups';

export const FAN_OUT = jobRoute(JOB.fanOut);

/** What a refresh of a physical shipment came to. */
export type RefreshRun =
  | { status: 'replayed' | 'missing' }
  /** Another refresh holds the lease: a routine one is covered by it, others run again when it ends. */
  | { status: 'coalesced' | 'deferred' | 'busy'; until: Date }
  /** Nobody follows it any more: nothing was asked, and it is no longer scheduled. */
  | { status: 'unfollowed' }
  | ({ status: ObservationValue['outcome']; eventIds: string[] } & Omit<ObservationValue, 'outcome'>);

/** What a batch of routine refreshes came to: how many were leased (the rest were covered by refreshes under way) and each one's outcome. */
export type BatchRun =
  | { status: 'replayed' }
  | { status: 'deferred'; until: Date }
  | {
      status: 'done';
      leased: number;
      coalesced: number;
      /** `backoff`: its source is paused or its quota spent; it is scheduled again for when the source takes requests. */
      outcomes: Array<ObservationValue['outcome'] | 'missing' | 'unfollowed' | 'backoff'>;
    };

export interface RefreshCommand {
  carrierShipmentId: string;
  outboxId: string | null;
  /** The job that asked (kept with a stale observation). */
  job: string;
  /** A routine refresh gives way to one in progress; a refresh someone asked for waits for it. */
  whenBusy: 'coalesce' | 'defer';
  /**
   * A deferred job is tried again this soon rather than when the holder's lease would expire: a
   * refresh holds its lease for as long as its answers take (usually under a second), far less
   * than the lease's bound, and a pushed change should not wait out the bound.
   */
  retryBusyAfterMs?: number;
  /**
   * Answer from the carrier's last answer and what it pushed since, when one is kept, instead of
   * asking it (docs/dcsa.md, "Carriers that push"); the next poll stays when it was due.
   */
  preferHeld?: boolean;
  /** A tracking request's attempt: its request joins the physical shipment (or is decided). */
  trackingRequestId?: string;
  /** The request's time: the clock starts again from it if nobody follows the shipment any more. */
  restartClockAt?: Date;
}

/** One fetch from carrier, terminal and rail, with the shipping line as the reference data names it. */
export interface Fetched {
  result: CarrierTrackResult;
  observed: Observation | null;
  line: ShippingLineRef | null;
  sources: ObservationSources;
}

/**
 * The one way to refresh a physical shipment (docs/architecture.md, "One refresh at a time"):
 * lease it (a sequence number orders what this refresh will see), ask the sources outside any
 * transaction, then apply the answer to every account following it in one transaction that
 * checks the order. A busy lease is coalesced or deferred; a failed fetch hands the lease back.
 */
@Injectable()
export class CarrierShipmentRefresher {
  private readonly logger = new Logger('Refresh');

  constructor(
    private readonly carrierShipments: CarrierShipmentRepository,
    private readonly observations: ObservationRepository,
    private readonly outbox: OutboxRepository,
    private readonly observation: ObservationService,
    private readonly adapters: TrackingAdapters,
    private readonly config: TrackerWorkerConfig,
  ) {}

  async refresh(command: RefreshCommand, now: Date = new Date()): Promise<RefreshRun> {
    const claim = await this.carrierShipments.claim(
      command.carrierShipmentId,
      this.config.REFRESH_LEASE_MS,
      command.outboxId,
      command.restartClockAt ?? null,
    );
    if (claim.kind === 'missing') return this.closeJob(command.outboxId, 'missing');
    if (claim.kind === 'busy') return this.whenBusy(command, claim);
    const carrierShipment = claim.carrierShipment;
    if (claim.activeFollowers === 0 && command.trackingRequestId === undefined) {
      return (await this.carrierShipments.unschedule(claim.lease, command.outboxId)) ? { status: 'unfollowed' } : { status: 'replayed' };
    }
    let fetched: Fetched;
    let held = false;
    try {
      fetched = await this.fetchOrRelease(claim.lease, async () => {
        const query = [
          carrierShipment.shipping_line_scac,
          carrierShipment.query_type,
          carrierShipment.query_number,
          carrierShipment.tracking_since,
          now,
        ] as const;
        const fromHeld = command.preferHeld === true ? await this.fetchHeld(...query) : null;
        held = fromHeld !== null;
        return fromHeld ?? (await this.fetch(...query));
      });
    } catch (error) {
      if (error instanceof SourceBackoffError) return this.backOff(command.outboxId, error);
      throw error;
    }
    const applied = await this.observations.apply(
      {
        outboxId: command.outboxId,
        job: command.job,
        lease: claim.lease,
        carrierShipment: { id: carrierShipment.id },
        ...(command.trackingRequestId === undefined ? {} : { trackingRequestId: command.trackingRequestId }),
        joinOpenRequests: true,
        sources: fetched.sources,
        trackingSince: carrierShipment.tracking_since,
      },
      FAN_OUT,
      (loaded) => {
        const decided = decideObservation(
          loaded,
          fetched.result,
          fetched.observed,
          this.decisionContext(carrierShipment.shipping_line_scac, fetched.line, now),
        );
        return held ? keepPollSchedule(decided, carrierShipment) : decided;
      },
    );
    if (applied.status !== 'done') return { status: applied.status };
    const { outcome, ...value } = applied.value;
    return { status: outcome, eventIds: applied.eventIds, ...value };
  }

  /**
   * Routine refreshes of many physical shipments of one carrier: leased in one statement (those
   * another refresh holds are covered by it), fetched together (the carrier's limits pace the
   * calls), and applied in one transaction. Should that transaction fail, each shipment is
   * applied on its own, so one that cannot be written never holds the others back.
   */
  async refreshBatch(
    command: { carrierShipmentIds: readonly string[]; outboxId: string | null },
    now: Date = new Date(),
  ): Promise<BatchRun> {
    const { leased: claims, runningUntil } = await this.carrierShipments.claimMany(
      command.carrierShipmentIds,
      this.config.REFRESH_LEASE_MS,
      command.outboxId,
    );
    if (runningUntil !== null) {
      // A second delivery of this job while the first still runs: it must not complete the job under it.
      return command.outboxId !== null && (await this.outbox.defer(command.outboxId, runningUntil))
        ? { status: 'deferred', until: runningUntil }
        : { status: 'replayed' };
    }
    // The group's shipments name the same line and mostly the same ports: each is looked up once.
    const lookups = this.observation.lookups();
    const fetched = await Promise.all(
      claims.map(async (claim) => {
        const cs = claim.carrierShipment;
        // Nobody follows it any more: nothing is asked, and its schedule is dropped below.
        if (claim.activeFollowers === 0) return { claim, fetched: null, backoff: null };
        try {
          return {
            claim,
            fetched: await this.fetch(cs.shipping_line_scac, cs.query_type, cs.query_number, cs.tracking_since, now, lookups),
            backoff: null,
          };
        } catch (error) {
          // The source is paused or its quota spent: nothing was asked; the shipment is due again when it takes requests.
          if (error instanceof SourceBackoffError) return { claim, fetched: null, backoff: error };
          await this.carrierShipments.release(claim.lease);
          throw error;
        }
      }),
    );
    const items = fetched.map(({ claim, fetched: f, backoff }): ObservationItem<ObservationValue | 'backoff' | null> => ({
      target: {
        job: 'refresh-carrier-shipments',
        lease: claim.lease,
        carrierShipment: { id: claim.carrierShipment.id },
        joinOpenRequests: true,
        sources: f?.sources ?? {},
        trackingSince: claim.carrierShipment.tracking_since,
      },
      decide: (loaded) =>
        backoff !== null
          ? { writes: [], carrierShipment: { next_refresh_at: backoff.retryAt }, value: 'backoff' }
          : f === null
            ? { writes: [], carrierShipment: { next_refresh_at: null }, value: null }
            : decideObservation(loaded, f.result, f.observed, this.decisionContext(claim.carrierShipment.shipping_line_scac, f.line, now)),
    }));
    const summary = (results: ReadonlyArray<ObservationItemResult<ObservationValue | 'backoff' | null>>): BatchRun => ({
      status: 'done',
      leased: claims.length,
      coalesced: command.carrierShipmentIds.length - claims.length,
      outcomes: results.map((r) =>
        r.status === 'missing' ? 'missing' : r.value === 'backoff' ? 'backoff' : (r.value?.outcome ?? 'unfollowed'),
      ),
    });
    try {
      const applied = await this.observations.applyBatch(command.outboxId, items, FAN_OUT);
      return applied === 'replayed' ? { status: 'replayed' } : summary(applied);
    } catch (error) {
      this.logger.warn(`a batch of ${items.length} refreshes could not be written together (${String(error)}); writing them one by one`);
      const results: Array<ObservationItemResult<ObservationValue | 'backoff' | null>> = [];
      for (const item of items) {
        try {
          const applied = await this.observations.applyBatch(null, [item], FAN_OUT);
          if (applied !== 'replayed') results.push(...applied);
        } catch (itemError) {
          this.logger.error(
            `refresh of physical shipment ${item.target.lease.kind === 'carrier_shipment' ? item.target.lease.carrierShipmentId : ''} failed: ${String(itemError)}`,
          );
          await this.carrierShipments.release(item.target.lease);
        }
      }
      return (await this.closeJob(command.outboxId, 'missing')).status === 'replayed' ? { status: 'replayed' } : summary(results);
    }
  }

  /** Asks carrier, terminal and rail about one shipment, as of `trackingSince` (the sandbox's clock). */
  async fetch(
    scac: string,
    kind: RequestType,
    number: string,
    trackingSince: Date,
    now: Date,
    lookups: ReferenceLookups = this.observation.lookups(),
  ): Promise<Fetched> {
    const result = await this.observation.track({ kind, number, scac, trackingSince, now });
    if (result.outcome !== 'found') return { result, observed: null, line: null, sources: {} };
    const [observed, line] = await Promise.all([
      this.observation.observe(result.shipment, { trackingSince, now }, lookups),
      this.observation.shippingLine(scac, lookups),
    ]);
    return { result, observed, line, sources: observed.sources };
  }

  /**
   * The carrier's last answer with what it pushed since, observed without asking anyone; null
   * when nothing is kept or it does not make a shipment (then the carrier is asked).
   */
  async fetchHeld(
    scac: string,
    kind: RequestType,
    number: string,
    trackingSince: Date,
    now: Date,
    lookups: ReferenceLookups = this.observation.lookups(),
  ): Promise<Fetched | null> {
    const held = await this.observation.trackHeld({ kind, number, scac, trackingSince, now });
    if (held === null || held.result.outcome !== 'found') return null;
    const [observed, line] = await Promise.all([
      this.observation.observeHeld(held.result.shipment, held.fetchedAt, { trackingSince, now }, lookups),
      this.observation.shippingLine(scac, lookups),
    ]);
    return { result: held.result, observed, line, sources: observed.sources };
  }

  /** Runs `fetch` under a lease; if it throws, the lease is handed back before the error goes on. */
  async fetchOrRelease<T>(lease: ObservationLease, fetch: () => Promise<T>): Promise<T> {
    try {
      return await fetch();
    } catch (error) {
      await this.carrierShipments.release(lease);
      throw error;
    }
  }

  decisionContext(scac: string, line: ShippingLineRef | null, now: Date): DecisionContext {
    const scale = this.adapters.timeScale(scac);
    return {
      now,
      newId: timeOrderedId,
      scale,
      line,
      nextRefreshAt: (phase) => nextRefreshAt(now, scale, this.cadence(), phase),
      // Time for a due refresh to be picked up (a scheduler tick) and answered (its lease).
      freshUntil: (phase) => freshUntil(now, scale, this.cadence(), phase, this.config.SCHEDULER_TICK_MS + this.config.REFRESH_LEASE_MS),
      nextAttempt: (request: TrackingRequestEntity, at: Date) =>
        outboxJob(JOB.trackRequest, { trackingRequestId: request.id }, { accountId: request.account_id, availableAt: at }),
    };
  }

  /**
   * Someone else holds the lease: a routine refresh is covered by theirs; others run once it
   * ends. A second delivery of the very job holding the lease never gives way to it (that would
   * complete the job under the running one): it is put back, and finds the job done.
   */
  async whenBusy(
    command: { outboxId: string | null; whenBusy: 'coalesce' | 'defer'; retryBusyAfterMs?: number },
    busy: { until: Date; heldBy: string | null },
  ): Promise<RefreshRun> {
    // The wall clock, as the lease's own: a refresh's `now` may be a scenario's.
    const soon = command.retryBusyAfterMs === undefined ? null : Date.now() + command.retryBusyAfterMs;
    const until = soon !== null && soon < busy.until.getTime() ? new Date(soon) : busy.until;
    if (command.whenBusy === 'coalesce' && (command.outboxId === null || busy.heldBy !== command.outboxId)) {
      const closed = await this.closeJob(command.outboxId, 'coalesced');
      return closed.status === 'replayed' ? { status: 'replayed' } : { status: 'coalesced', until };
    }
    if (command.outboxId === null) return { status: 'busy', until };
    return (await this.outbox.defer(command.outboxId, until)) ? { status: 'deferred', until } : { status: 'replayed' };
  }

  /**
   * The source cannot be asked now (paused by its 429, or its quota spent for a while): the job
   * is put back until it can, as a deferral, which spends no attempt (docs/carriers.md, "Limits").
   */
  async backOff(outboxId: string | null, backoff: SourceBackoffError): Promise<{ status: 'deferred' | 'busy' | 'replayed'; until: Date }> {
    const until = backoff.retryAt;
    this.logger.debug(`${backoff.message}: job put back until ${until.toISOString()}`);
    if (outboxId === null) return { status: 'busy', until };
    return (await this.outbox.defer(outboxId, until)) ? { status: 'deferred', until } : { status: 'replayed', until };
  }

  /** Completes the job's outbox row without changing anything (there is nothing to do). */
  async closeJob<S extends 'missing' | 'coalesced'>(outboxId: string | null, status: S): Promise<{ status: S | 'replayed' }> {
    if (outboxId !== null && !(await this.outbox.completeAlone(outboxId))) return { status: 'replayed' };
    return { status };
  }

  private cadence(): CadenceSettings {
    return {
      cadence: this.config.refreshCadence,
      jitterRatio: this.config.REFRESH_JITTER_RATIO,
      minIntervalMs: this.config.REFRESH_MIN_INTERVAL_MS,
    };
  }
}
