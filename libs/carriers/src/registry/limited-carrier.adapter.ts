import type { CarrierAdapter, CarrierTrackQuery, CarrierTrackResult } from '../ports/carrier-adapter.port';
import type { CallLimiter } from './call-limiter';

/** A carrier adapter whose calls wait for the carrier's concurrency and rate limits. */
export class LimitedCarrierAdapter implements CarrierAdapter {
  constructor(
    private readonly inner: CarrierAdapter,
    readonly limiter: CallLimiter,
  ) {}

  track(query: CarrierTrackQuery): Promise<CarrierTrackResult> {
    return this.limiter.run(() => this.inner.track(query));
  }
}
