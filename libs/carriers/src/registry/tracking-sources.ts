import { REQUEST_TYPES } from '@quayside/domain';
import type { RequestType, TrackingSource } from '@quayside/domain';
import type { AdapterRegistryConfig, CarrierConfig } from '../ports/adapter-config';

/**
 * The numbers each carrier adapter can ask by: DCSA Track & Trace filters events by transport
 * document, booking and equipment reference (2.2 and 3.0 alike); the sandbox plays all three.
 */
const REQUEST_TYPES_OF: Readonly<Record<CarrierConfig['kind'], readonly RequestType[]>> = {
  dcsa: REQUEST_TYPES,
  sandbox: REQUEST_TYPES,
};

const upper = (code: string): string => code.trim().toUpperCase();

/** The sources a configuration serves, as the tracker-worker registers them (docs/carriers.md, "What this server tracks"). */
export function trackingSourcesOf(config: AdapterRegistryConfig): TrackingSource[] {
  return [
    ...config.carriers.map((c): TrackingSource => ({
      kind: 'carrier',
      code: upper(c.scac),
      adapter: c.kind,
      requestTypes: REQUEST_TYPES_OF[c.kind],
      sandbox: c.kind === 'sandbox',
      experimental: false,
    })),
    ...config.terminals.map((t): TrackingSource => ({
      kind: 'terminal',
      code: upper(t.firmsCode),
      adapter: t.kind,
      requestTypes: [],
      sandbox: t.kind === 'sandbox',
      // Runs only with `experimental: true`: its published schema could not be verified (docs/carriers.md).
      experimental: t.kind === 'apmt',
    })),
    ...config.rail.map((r): TrackingSource => ({
      kind: 'rail',
      code: upper(r.scac),
      adapter: r.kind,
      requestTypes: [],
      sandbox: r.kind === 'sandbox',
      experimental: false,
    })),
  ];
}
