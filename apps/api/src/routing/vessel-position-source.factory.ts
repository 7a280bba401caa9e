import { Logger } from '@nestjs/common';
import { DatalasticVesselPositionSource, FirstCoveringVesselPositionSource, SandboxVesselPositionSource } from '@quayside/carriers';
import type { SeaRouter, VesselPositionSource, VesselPositionsConfig } from '@quayside/carriers';

const logger = new Logger('VesselPositions');

/** What `VESSEL_POSITIONS` chose, and how to let go of its connections at shutdown. */
export interface ConfiguredVesselPositions {
  source: VesselPositionSource;
  close(): Promise<void>;
}

/**
 * The sandbox always answers for its own vessels; with `datalastic` configured, every other IMO
 * is asked of Datalastic (docs/vessels-and-maps.md). A provider answer that cannot be used is
 * logged and shown as no positions.
 */
export function configuredVesselPositions(config: VesselPositionsConfig, router: SeaRouter): ConfiguredVesselPositions {
  const sandbox = new SandboxVesselPositionSource(router);
  if (config.kind === 'sandbox') return { source: sandbox, close: () => Promise.resolve() };
  const provider = new DatalasticVesselPositionSource(
    { baseUrl: config.baseUrl, apiKey: config.apiKey, ...(config.timeoutMs === undefined ? {} : { timeoutMs: config.timeoutMs }) },
    { onFailure: (detail) => logger.warn(`datalastic: ${detail}`) },
  );
  return { source: new FirstCoveringVesselPositionSource([sandbox, provider]), close: () => provider.close() };
}
