import type { SourceGate } from '../quota/source-gate';

/**
 * A terminal or rail adapter without HTTP requests of its own (the sandbox): each lookup is one
 * request through its gate, as `LimitedCarrierAdapter` does for carriers.
 */
export class LimitedLookupAdapter<Query, Result> {
  constructor(
    private readonly inner: { lookup(query: Query): Promise<Result> },
    private readonly gate: SourceGate,
  ) {}

  lookup(query: Query): Promise<Result> {
    return this.gate.run(() => this.inner.lookup(query));
  }
}
