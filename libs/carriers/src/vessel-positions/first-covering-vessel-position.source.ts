import type { VesselPosition, VesselPositionQuery, VesselPositionSource } from './vessel-position-source.port';

/**
 * Several sources, each vessel answered by the first that covers it: the sandbox first, so its
 * made-up vessels never reach a real provider (which would spend credits to know nothing of
 * them), then the AIS provider for every other IMO.
 */
export class FirstCoveringVesselPositionSource implements VesselPositionSource {
  readonly name: string;

  constructor(private readonly sources: readonly VesselPositionSource[]) {
    this.name = sources.map((source) => source.name).join('+');
  }

  covers(imo: string): boolean {
    return this.sources.some((source) => source.covers(imo));
  }

  async positions(query: VesselPositionQuery): Promise<VesselPosition[]> {
    const source = this.sources.find((candidate) => candidate.covers(query.imo));
    return source === undefined ? [] : source.positions(query);
  }
}
