import { createMigratedScratchDatabase } from '../__tests__/scratch-database';
import type { ScratchDatabase } from '../__tests__/scratch-database';
import { rowPages } from '../__tests__/row-pages';
import { OutboxRepository } from '../repositories/outbox.repository';

/**
 * The relay's claim of an outbox row finds room in the row's own page: the new version stays
 * there (the table's other lookups read fewer pages; before OutboxClaimsSkipJobsInFlight, when
 * a claim changed no indexed column, that also made it a HOT update). Packed full, as before the
 * migration, the new versions moved to other pages.
 */
describe('migration RoomForHotUpdates', () => {
  let db: ScratchDatabase;
  const pages = (): Promise<Map<string, string>> => rowPages(db.dataSource, 'outbox');

  beforeAll(async () => {
    db = await createMigratedScratchDatabase();
  });

  afterAll(async () => {
    await db.drop();
  });

  it('keeps claimed outbox rows in their pages', async () => {
    const outbox = new OutboxRepository(db.dataSource);
    await db.dataSource.transaction((manager) =>
      outbox.enqueueMany(
        manager,
        Array.from({ length: 400 }, (_, n) => ({ queue: 'webhook-delivery', jobName: 'deliver', payload: { notificationId: String(n) } })),
      ),
    );
    const before = await pages();
    expect(new Set(before.values()).size).toBeGreaterThan(1);

    expect(await outbox.claimPublishable(400, 60_000)).toHaveLength(400);
    expect(await pages()).toEqual(before);
  });
});
