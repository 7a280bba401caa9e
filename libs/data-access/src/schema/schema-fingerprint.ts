import { createHash } from 'node:crypto';
import { MIGRATIONS } from '../migrations';
import { PORT_SEEDS, RAIL_CARRIER_SEEDS, SHIPPING_LINE_SEEDS, TERMINAL_SEEDS } from '../reference-data/reference-data';
import { seedReferenceData } from '../reference-data/seed-reference-data';

/**
 * A short hash of everything that shapes a freshly migrated and seeded database: the
 * migrations (their code), the established API rows and the seeding code. Test templates are
 * keyed by it, so editing any of these builds a new template instead of reusing a stale one.
 * @internal Exported for tests: libs/testing reuses a migrated template database while it matches.
 */
export function schemaFingerprint(): string {
  const hash = createHash('sha256');
  for (const migration of MIGRATIONS) hash.update(migration.name).update(migration.toString());
  hash.update(JSON.stringify([SHIPPING_LINE_SEEDS, RAIL_CARRIER_SEEDS, PORT_SEEDS, TERMINAL_SEEDS]));
  hash.update(seedReferenceData.toString());
  return hash.digest('hex').slice(0, 16);
}
