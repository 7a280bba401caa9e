import type { DataSource, QueryRunner } from 'typeorm';
import { createScratchDatabase } from '../__tests__/scratch-database';
import type { ScratchDatabase } from '../__tests__/scratch-database';
import { PREPARED_PER_CONNECTION } from './preparing-client';

describe('PreparingClient (every connection of the data source)', () => {
  let db: ScratchDatabase;
  let pool: DataSource;
  let runner: QueryRunner;

  beforeAll(async () => {
    db = await createScratchDatabase();
  });

  // A new pool and connection per test: prepared statements belong to a session.
  beforeEach(async () => {
    pool = await db.connectAgain();
    runner = pool.createQueryRunner();
    await runner.connect();
  });

  afterEach(async () => {
    await runner.release();
    await pool.destroy();
  });

  afterAll(async () => {
    await db.drop();
  });

  async function preparedTexts(): Promise<string[]> {
    const rows = (await runner.query(`SELECT statement FROM pg_prepared_statements ORDER BY statement`)) as Array<{ statement: string }>;
    return rows.map((row) => row.statement);
  }

  it('prepares a statement with parameters once and answers every execution; one without parameters is sent as it is', async () => {
    const answers: unknown[] = [];
    for (const n of [1, 2, 3]) answers.push(await runner.query(`SELECT $1::int + 1 AS n`, [n]));
    await runner.query(`SELECT 42 AS plain`);

    expect(answers).toEqual([[{ n: 2 }], [{ n: 3 }], [{ n: 4 }]]);
    expect(await preparedTexts()).toEqual([`SELECT $1::int + 1 AS n`]);
  });

  it(`keeps at most ${PREPARED_PER_CONNECTION} statements per connection and sends further texts unnamed`, async () => {
    const count = PREPARED_PER_CONNECTION + 5;
    for (let i = 0; i < count; i++) {
      const [row] = (await runner.query(`SELECT $1::int AS n, ${i} AS i`, [i])) as Array<{ n: number; i: number }>;
      expect(row).toEqual({ n: i, i });
    }
    expect(await preparedTexts()).toHaveLength(PREPARED_PER_CONNECTION);
  });

  it('fails a prepared SELECT * once after its table gained a column, then answers with the new column', async () => {
    await runner.query(`CREATE TABLE grows (id int PRIMARY KEY)`);
    await runner.query(`INSERT INTO grows VALUES (1)`);
    const select = (): Promise<unknown> => runner.query(`SELECT * FROM grows WHERE id = $1`, [1]);
    expect(await select()).toEqual([{ id: 1 }]);
    // A migration applied while the process runs.
    await runner.query(`ALTER TABLE grows ADD COLUMN added int DEFAULT 7`);

    // Postgres refuses the changed result type of the prepared statement (for good, on that
    // connection): the failing execution retires its name and the text is sent unnamed from then on.
    await expect(select()).rejects.toMatchObject({ code: '0A000' });
    expect(await select()).toEqual([{ id: 1, added: 7 }]);
  });
});
