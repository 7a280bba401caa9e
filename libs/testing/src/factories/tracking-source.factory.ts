import { TrackingSourceRepository } from '@quayside/data-access';
import type { DatabaseConnection } from '@quayside/data-access';
import { REQUEST_TYPES } from '@quayside/domain';
import type { TrackingSource } from '@quayside/domain';

const SANDBOX: readonly TrackingSource[] = [
  { kind: 'carrier', code: 'TEST', adapter: 'sandbox', requestTypes: REQUEST_TYPES, sandbox: true, experimental: false },
  { kind: 'terminal', code: 'TST1', adapter: 'sandbox', requestTypes: [], sandbox: true, experimental: false },
  { kind: 'terminal', code: 'TST2', adapter: 'sandbox', requestTypes: [], sandbox: true, experimental: false },
  { kind: 'rail', code: 'TSTR', adapter: 'sandbox', requestTypes: [], sandbox: true, experimental: false },
];

/**
 * Registers the sandbox and DCSA carriers under these SCACs as a tracker-worker configured with
 * them would at start-up (docs/carriers.md, "What this server tracks"), so the api accepts their
 * tracking requests. A test database starts with the sandbox only, as a deployment does.
 */
export async function serveCarriers(db: DatabaseConnection, scacs: readonly string[]): Promise<void> {
  const carriers = scacs.map((scac): TrackingSource => ({
    kind: 'carrier',
    code: scac,
    adapter: 'dcsa',
    requestTypes: REQUEST_TYPES,
    sandbox: false,
    experimental: false,
  }));
  await new TrackingSourceRepository(db).register([...SANDBOX, ...carriers], new Date());
}
