import { Injectable, Logger } from '@nestjs/common';
import type {
  CarrierShipmentSnapshot,
  CarrierTrackQuery,
  CarrierTrackResult,
  HeldTrackResult,
  RailContainerStatus,
  TerminalContainerStatus,
} from '@quayside/carriers';
import { SourceBackoffError, transientFailure } from '@quayside/carriers';
import { normalizeTerminalReport } from '@quayside/domain';
import { RailTerminalRepository, ReferenceDataRepository } from '@quayside/data-access';
import { TrackingAdapters } from '../adapters/tracking-adapters';
import type { Observation, RailObservation, ShippingLineRef, TerminalObservation } from './observation';
import { recordRailFacilities } from './rail-facilities';
import { ReferenceLookups } from './reference-lookups';

export interface ObserveContext {
  trackingSince: Date;
  now: Date;
}

/**
 * Asks the outside world: the carrier first, then (for a found shipment) the terminal at the
 * port of discharge and the rail carriers. Adapters report carrier-side trouble as outcomes;
 * anything they throw is our bug or an unforeseen answer, and becomes a transient failure so
 * the request is retried rather than lost.
 */
@Injectable()
export class ObservationService {
  private readonly logger = new Logger('Observation');

  constructor(
    private readonly adapters: TrackingAdapters,
    private readonly referenceData: ReferenceDataRepository,
    private readonly railTerminals: RailTerminalRepository,
  ) {}

  async track(query: CarrierTrackQuery): Promise<CarrierTrackResult> {
    const adapter = this.adapters.carrier(query.scac);
    if (adapter === null) return transientFailure('internal_processing_error', `no carrier adapter is configured for SCAC ${query.scac}`);
    try {
      return await adapter.track(query);
    } catch (error) {
      // Not a failure of this request: the carrier is paused or its quota spent, and the job is put back.
      if (error instanceof SourceBackoffError) throw error;
      this.logger.error(`carrier ${query.scac} adapter threw for ${query.number}: ${String(error)}`);
      return transientFailure('internal_processing_error', String(error));
    }
  }

  /**
   * The carrier's last answer with what it pushed since, without a request (docs/dcsa.md, "Carriers
   * that push"); null when the carrier must be asked: its adapter keeps no answers, none is kept for
   * this number, or reading it failed.
   */
  async trackHeld(query: CarrierTrackQuery): Promise<HeldTrackResult | null> {
    const adapter = this.adapters.carrier(query.scac);
    if (adapter?.trackHeld === undefined) return null;
    try {
      return await adapter.trackHeld(query);
    } catch (error) {
      this.logger.warn(
        `carrier ${query.scac}: the kept answer for ${query.number} could not be read (${String(error)}); asking the carrier`,
      );
      return null;
    }
  }

  /**
   * An observation of the carrier alone, from a held answer given at `fetchedAt`: the terminal and
   * the rail carriers are not asked, and what is stored of them stays (as when they cannot be asked).
   */
  async observeHeld(
    carrier: CarrierShipmentSnapshot,
    fetchedAt: Date,
    context: ObserveContext,
    lookups: ReferenceLookups = this.lookups(),
  ): Promise<Observation> {
    const [podTerminalId, portIds] = await Promise.all([
      carrier.podTerminalFirmsCode === null ? null : lookups.terminalId(carrier.podTerminalFirmsCode),
      lookups.portIds(this.locodes(carrier)),
    ]);
    return {
      carrier,
      terminal: { kind: 'failed' },
      rail: { byContainer: new Map(), failed: new Set(carrier.containers.map((c) => c.number)) },
      podTerminalId,
      portIds,
      observedAt: context.now,
      sources: { carrier: { fetchedAt, sourceAt: carrier.sourceUpdatedAt ? new Date(carrier.sourceUpdatedAt) : null } },
    };
  }

  /** Reference data remembered for one refresh group (pass the same to every `observe` and `shippingLine` of the group). */
  lookups(): ReferenceLookups {
    return new ReferenceLookups(this.referenceData);
  }

  async observe(
    carrier: CarrierShipmentSnapshot,
    context: ObserveContext,
    lookups: ReferenceLookups = this.lookups(),
  ): Promise<Observation> {
    const numbers = carrier.containers.map((c) => c.number);
    const [terminal, rail, podTerminalId, portIds] = await Promise.all([
      this.terminal(carrier.podTerminalFirmsCode, numbers, context),
      this.rail(carrier, context),
      carrier.podTerminalFirmsCode === null ? null : lookups.terminalId(carrier.podTerminalFirmsCode),
      lookups.portIds(this.locodes(carrier)),
    ]);
    const fetched = { fetchedAt: context.now, sourceAt: null };
    const sources: Observation['sources'] = {
      carrier: { fetchedAt: context.now, sourceAt: carrier.sourceUpdatedAt ? new Date(carrier.sourceUpdatedAt) : null },
      ...(terminal.kind === 'found' ? { terminal: fetched } : {}),
      ...(rail.byContainer.size > 0 ? { rail: fetched } : {}),
    };
    return { carrier, terminal, rail, podTerminalId, portIds, observedAt: context.now, sources };
  }

  async shippingLine(scac: string, lookups: ReferenceLookups = this.lookups()): Promise<ShippingLineRef> {
    return lookups.shippingLine(scac);
  }

  private async terminal(firmsCode: string | null, numbers: string[], context: ObserveContext): Promise<TerminalObservation> {
    const adapter = firmsCode === null ? null : this.adapters.terminal(firmsCode);
    if (firmsCode === null || adapter === null) return { kind: 'not_served' };
    try {
      const result = await adapter.lookup({ firmsCode, containerNumbers: numbers, trackingSince: context.trackingSince, now: context.now });
      if (result.outcome === 'transient_failure') {
        this.logger.warn(`terminal ${firmsCode} unavailable (${result.reason}): ${result.detail}`);
        return { kind: 'failed' };
      }
      const byContainer = new Map<string, TerminalContainerStatus>(result.containers.map((c) => [c.containerNumber, c]));
      for (const status of result.containers) {
        // Reported so an operator can teach the vocabulary; the codes themselves stay on the container as `other`.
        const { unrecognized } = normalizeTerminalReport(status.reportedHolds, status.reportedFees);
        if (unrecognized.length > 0)
          this.logger.warn(`terminal ${firmsCode} reported codes we do not know for ${status.containerNumber}: ${unrecognized.join(', ')}`);
      }
      return { kind: 'found', checkedAt: context.now, byContainer };
    } catch (error) {
      // Paused (its 429 / Retry-After) or its quota spent: not asked this refresh. The shipment is still
      // refreshed from its carrier and keeps the terminal's last answer, whose terminal_checked_at says
      // how old it is; the next refresh asks again (docs/terminal-data.md, "Limits").
      if (error instanceof SourceBackoffError) {
        this.logger.warn(`terminal ${firmsCode} not asked: ${error.message}; its last answer is kept`);
        return { kind: 'failed' };
      }
      this.logger.error(`terminal ${firmsCode} adapter threw: ${String(error)}`);
      return { kind: 'failed' };
    }
  }

  private async rail(carrier: CarrierShipmentSnapshot, context: ObserveContext): Promise<RailObservation> {
    const byScac = new Map<string, string[]>();
    for (const container of carrier.containers) {
      if (container.podRailCarrierScac === null) continue;
      byScac.set(container.podRailCarrierScac, [...(byScac.get(container.podRailCarrierScac) ?? []), container.number]);
    }
    const byContainer = new Map<string, RailContainerStatus>();
    const failed = new Set<string>();
    for (const [railScac, numbers] of byScac) {
      const adapter = this.adapters.rail(railScac);
      if (adapter === null) continue;
      try {
        const result = await adapter.lookup({
          railScac,
          containerNumbers: numbers,
          trackingSince: context.trackingSince,
          now: context.now,
        });
        if (result.outcome === 'transient_failure') numbers.forEach((n) => failed.add(n));
        else for (const status of result.containers) byContainer.set(status.containerNumber, status);
      } catch (error) {
        // As for a terminal: a paused rail carrier is not asked this refresh and its last answer is kept.
        if (error instanceof SourceBackoffError)
          this.logger.warn(`rail carrier ${railScac} not asked: ${error.message}; its last answer is kept`);
        else this.logger.error(`rail carrier ${railScac} adapter threw: ${String(error)}`);
        numbers.forEach((n) => failed.add(n));
      }
    }
    return { byContainer, failed, railTerminalIds: await recordRailFacilities(this.railTerminals, byContainer) };
  }

  private locodes(carrier: CarrierShipmentSnapshot): Set<string> {
    const locodes = new Set<string>();
    for (const place of [carrier.portOfLading, carrier.portOfDischarge, carrier.destination]) if (place) locodes.add(place.locode);
    for (const container of carrier.containers) for (const m of container.milestones) if (m.locode) locodes.add(m.locode);
    return locodes;
  }
}
