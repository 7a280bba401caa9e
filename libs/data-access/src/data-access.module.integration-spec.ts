import { Test } from '@nestjs/testing';
import { DataSource } from 'typeorm';
import { createScratchDatabase } from './__tests__/scratch-database';
import type { ScratchDatabase } from './__tests__/scratch-database';
import { DataAccessModule } from './data-access.module';
import { runMigrations } from './database/run-migrations';
import { seedReferenceData } from './reference-data/seed-reference-data';
import { OutboxRepository } from './repositories/outbox.repository';
import { ReferenceDataRepository } from './repositories/reference-data.repository';

describe('DataAccessModule', () => {
  let db: ScratchDatabase;

  beforeAll(async () => {
    db = await createScratchDatabase();
    await runMigrations(db.dataSource);
    await seedReferenceData(db.dataSource);
  });

  afterAll(async () => {
    await db.drop();
  });

  it('gives a Nest app the repositories over one UTC data source that never changes the schema itself', async () => {
    const moduleRef = await Test.createTestingModule({ imports: [DataAccessModule.forRoot({ databaseUrl: db.url })] }).compile();
    const app = await moduleRef.init();
    try {
      const dataSource = app.get(DataSource);
      expect(dataSource.options).toMatchObject({ synchronize: false, migrationsRun: false });
      const [zone] = await dataSource.query<{ TimeZone: string }[]>('SHOW TimeZone');
      expect(zone!.TimeZone).toMatch(/^(Etc\/)?UTC$/);
      await expect(app.get(ReferenceDataRepository).findShippingLineByScac('TEST')).resolves.toMatchObject({ scac: 'TEST' });
      const row = await dataSource.transaction((manager) =>
        app.get(OutboxRepository).enqueue(manager, { queue: 'tracker', jobName: 'track', payload: {} }),
      );
      await expect(app.get(OutboxRepository).findById(row.id)).resolves.toMatchObject({ id: row.id });
    } finally {
      await app.close();
    }
  });
});
