import type { DataSource } from 'typeorm';
import { createScratchDatabase } from '../__tests__/scratch-database';
import type { ScratchDatabase } from '../__tests__/scratch-database';

describe('timestamptz values read through the data source', () => {
  let db: ScratchDatabase;
  let pool: DataSource;

  beforeAll(async () => {
    db = await createScratchDatabase();
    pool = await db.connectAgain();
  });

  afterAll(async () => {
    await pool.destroy();
    await db.drop();
  });

  it('are the instants stored, to the millisecond, whatever offset they were written with', async () => {
    const [row] = await pool.query<Array<Record<string, unknown>>>(
      `SELECT '2026-11-26 20:22:33.123456+00'::timestamptz AS utc, '2026-11-26 22:22:33.5+02'::timestamptz AS shifted,
              'infinity'::timestamptz AS later, '0050-06-01 00:00:00+00'::timestamptz AS early, $1::timestamptz AS bound`,
      [new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 678))],
    );
    expect(row).toEqual({
      utc: new Date(Date.UTC(2026, 10, 26, 20, 22, 33, 123)),
      shifted: new Date(Date.UTC(2026, 10, 26, 20, 22, 33, 500)),
      later: Infinity,
      early: new Date(new Date(Date.UTC(2000, 5, 1)).setUTCFullYear(50)),
      bound: new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 678)),
    });
  });
});
