import { Test } from '@nestjs/testing';
import { DataSource } from 'typeorm';
import { createMigratedScratchDatabase } from './__tests__/scratch-database';
import type { ScratchDatabase } from './__tests__/scratch-database';
import { DataAccessModule } from './data-access.module';
import { seedReferenceData } from './reference-data/seed-reference-data';
import { OutboxRepository } from './repositories/outbox.repository';
import { ReferenceDataRepository } from './repositories/reference-data.repository';

describe('DataAccessModule', () => {
  let db: ScratchDatabase;

  beforeAll(async () => {
    db = await createMigratedScratchDatabase();
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

  it.each([
    { genericPlans: undefined, mode: 'auto', plans: { generic_plans: '0', custom_plans: '3' } },
    { genericPlans: true, mode: 'force_generic_plan', plans: { generic_plans: '3', custom_plans: '0' } },
  ])(
    'plans prepared statements once per connection only when asked (genericPlans $genericPlans)',
    async ({ genericPlans, mode, plans }) => {
      const moduleRef = await Test.createTestingModule({
        imports: [DataAccessModule.forRoot({ databaseUrl: db.url, genericPlans })],
      }).compile();
      const app = await moduleRef.init();
      try {
        const dataSource = app.get(DataSource);
        const [setting] = await dataSource.query<{ plan_cache_mode: string }[]>('SHOW plan_cache_mode');
        expect(setting!.plan_cache_mode).toBe(mode);
        // A statement with parameters goes prepared (PreparingClient); with generic plans its one
        // plan serves every execution, whatever the values, where otherwise each is planned anew.
        const lookup = `SELECT id FROM outbox WHERE id = ANY($1::uuid[]) AND completed_at IS NULL`;
        const runner = dataSource.createQueryRunner();
        try {
          for (const ids of [[], ['00000000-0000-4000-8000-000000000000'], []]) await runner.query(lookup, [ids]);
          const [counts] = (await runner.query(
            `SELECT generic_plans::text, custom_plans::text FROM pg_prepared_statements WHERE statement = '${lookup.replace(/'/g, "''")}'`,
          )) as Array<{ generic_plans: string; custom_plans: string }>;
          expect(counts).toEqual(plans);
        } finally {
          await runner.release();
        }
      } finally {
        await app.close();
      }
    },
  );
});
