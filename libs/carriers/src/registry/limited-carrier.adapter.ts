import type { CarrierAdapter, CarrierTrackQuery, CarrierTrackResult } from '../ports/carrier-adapter.port';
import type { SourceGate } from '../quota/source-gate';

/** A carrier adapter without HTTP requests of its own (the sandbox): each call is one request through its gate. */
export class LimitedCarrierAdapter implements CarrierAdapter {
  constructor(
    private readonly inner: CarrierAdapter,
    private readonly gate: SourceGate,
  ) {}

  track(query: CarrierTrackQuery): Promise<CarrierTrackResult> {
    return this.gate.run(() => this.inner.track(query));
  }
}
