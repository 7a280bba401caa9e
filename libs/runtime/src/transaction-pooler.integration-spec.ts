import { Test } from '@nestjs/testing';
import type { TestingModule } from '@nestjs/testing';
import {
  AccountRepository,
  createDatabaseConnection,
  DataAccessModule,
  inFixtureTransaction,
  OutboxRepository,
  OutboxCommitSubscriber,
  withAdminClient,
} from '@quayside/data-access';
import type { DatabaseConnection } from '@quayside/data-access';
import { createTestDatabase, TEST_SERVER_URL, TestPgBouncer } from '@quayside/testing';
import type { TestDatabase } from '@quayside/testing';
import { DataSource } from 'typeorm';

interface Pool {
  database: string;
  cl_active: string;
  cl_waiting: string;
  sv_active: string;
  sv_idle: string;
  sv_used: string;
}

/**
 * Quayside behind a transaction-mode pooler: Debian 12's PgBouncer (1.18, which predates
 * `max_prepared_statements`) started by the test in front of the machine's PostgreSQL, two
 * server connections per database, so every client shares them. What breaks with the session
 * settings, and why; what works with DATABASE_POOL_MODE=transaction; and the outbox relay's
 * wake-up, which holds nothing between transactions (docs/deploy.md, "Production Redis and PostgreSQL").
 */
describe('behind a transaction-mode PgBouncer (DATABASE_POOL_MODE)', () => {
  let db: TestDatabase;
  let bouncer: TestPgBouncer;
  const opened: DatabaseConnection[] = [];

  async function open(connection: DatabaseConnection): Promise<DatabaseConnection> {
    opened.push(connection);
    return connection.initialize();
  }

  const pool = async (): Promise<Pool> => {
    const rows = await bouncer.admin<Pool>('SHOW POOLS');
    const found = rows.find((row) => row.database === db.name);
    if (!found) throw new Error(`PgBouncer has no pool for ${db.name}`);
    return found;
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    bouncer = await TestPgBouncer.start({ serverPort: Number(new URL(TEST_SERVER_URL).port), poolMode: 'transaction', poolSize: 2 });
  }, 60_000);

  afterAll(async () => {
    for (const connection of opened) if (connection.isInitialized) await connection.destroy();
    await bouncer?.stop();
    await db?.drop();
  });

  it('with the session settings, the connection is refused: PgBouncer does not accept the startup parameter `options`', async () => {
    await expect(open(createDatabaseConnection(bouncer.url(db.name)))).rejects.toThrow('unsupported startup parameter: options');
  });

  it('named prepared statements break: clients prepare the same name on the server connections they share', async () => {
    // The session settings without their start-up options, to see the next failure: every
    // connection prepares its statements by the same names (a hash of the text), and the pooler
    // passes them to whichever server connection is free. Three clients, two server connections:
    // one finds the name taken ("already exists"), and a client whose next execution lands on
    // another server connection would find it missing ("does not exist", 26000).
    const connection = await open(createDatabaseConnection(bouncer.url(db.name), { extra: { options: undefined } }));
    const results = await Promise.allSettled([1, 2, 3].map((n) => connection.query('SELECT $1::int + 0 AS n', [n])));
    const failures = results.flatMap((result) =>
      result.status === 'rejected' ? [result.reason as { code?: string; message: string }] : [],
    );
    expect(failures.length).toBeGreaterThan(0);
    expect(failures[0]).toMatchObject({
      code: '42P05',
      message: expect.stringMatching(/^prepared statement "qs_[0-9a-f]{24}" already exists$/) as unknown,
    });
  });

  it('DATABASE_POOL_MODE=transaction works: statements go unnamed, transactions of many clients share two server connections', async () => {
    const connection = await open(createDatabaseConnection(bouncer.url(db.name), {}, { poolMode: 'transaction', poolSize: 8 }));
    const accounts = new AccountRepository(connection);
    // Eight clients at once, each a transaction of several statements, and reads beside them.
    const created = await Promise.all(
      Array.from({ length: 24 }, (_, n) =>
        accounts.createWithFirstKey({ company_name: `Pooled ${n}`, plan: 'paid', trial_ends_at: null, features: [] }, 'key'),
      ),
    );
    const read = await Promise.all(created.map(({ account }) => accounts.findById(account.id)));
    expect(read.map((account) => account?.company_name).sort()).toEqual(created.map(({ account }) => account.company_name).sort());
    const repeated = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => connection.query<{ n: number }[]>('SELECT $1::int + 0 AS n', [n])));
    expect(repeated.map(([row]) => row?.n)).toEqual([1, 2, 3, 4, 5, 6]);
    const [zone] = await connection.query<{ TimeZone: string }[]>('SHOW TimeZone');
    expect(zone?.TimeZone).toMatch(/^(Etc\/)?UTC$/);
    const stats = await pool();
    expect(Number(stats.sv_active) + Number(stats.sv_idle) + Number(stats.sv_used)).toBeLessThanOrEqual(2);
  });

  it('refuses to start where the server would not give its sessions UTC, which it can no longer set itself', async () => {
    const other = await createTestDatabase();
    let moduleRef: TestingModule | undefined;
    try {
      // Before the pooler opens a server connection to it: a session takes the setting at its start.
      await withAdminClient(TEST_SERVER_URL, (client) => client.query(`ALTER DATABASE ${other.name} SET TimeZone = 'America/New_York'`));
      moduleRef = await Test.createTestingModule({
        imports: [DataAccessModule.forRoot({ databaseUrl: bouncer.url(other.name), poolMode: 'transaction' })],
      }).compile();
      await expect(moduleRef.init()).rejects.toThrow(
        /time zone "America\/New_York".*ALTER ROLE <role> SET TimeZone = 'UTC', or ALTER DATABASE <database> SET TimeZone = 'UTC'/,
      );
    } finally {
      // A start that failed cannot be closed through Nest; its connections can.
      const dataSource = moduleRef?.get(DataSource);
      if (dataSource?.isInitialized) await dataSource.destroy();
      await other.drop();
    }
  });

  it('wakes the outbox relay after commits made through the pooler: nothing of it needs a session', async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [DataAccessModule.forRoot({ databaseUrl: bouncer.url(db.name), poolMode: 'transaction' })],
    }).compile();
    const app = await moduleRef.init();
    let wakes = 0;
    const stop = app.get(OutboxCommitSubscriber).onRowsCommitted(() => (wakes += 1));
    try {
      const connection = app.get(DataSource);
      await inFixtureTransaction(connection, (manager) =>
        app.get(OutboxRepository).enqueue(manager, { queue: 'tracker', jobName: 'track', payload: {} }),
      );
      expect(wakes).toBe(1);
      const [row] = await db.dataSource.query<Array<{ count: number }>>(`SELECT count(*)::int AS count FROM outbox`);
      expect(row!.count).toBe(1);
    } finally {
      stop();
      await app.close();
    }
  });
});
