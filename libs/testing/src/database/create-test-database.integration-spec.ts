import { AccountEntity, ShippingLineEntity, withAdminClient } from '@quayside/data-access';
import { createAccount } from '../factories/account.factory';
import { testRedisPrefix } from '../redis/test-redis-prefix';
import { TEST_SERVER_URL, createTestDatabase } from './create-test-database';
import type { TestDatabase } from './create-test-database';

async function exists(name: string): Promise<boolean> {
  return withAdminClient(TEST_SERVER_URL, async (client) => {
    const result = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    return result.rowCount === 1;
  });
}

describe('createTestDatabase', () => {
  let first: TestDatabase;
  let second: TestDatabase;

  beforeAll(async () => {
    [first, second] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  });

  afterAll(async () => {
    await Promise.all([first?.drop(), second?.drop()]);
  });

  it('gives each caller its own migrated database with the reference data loaded', async () => {
    expect(first.name).not.toEqual(second.name);
    for (const db of [first, second]) {
      await expect(db.dataSource.getRepository(ShippingLineEntity).countBy({ scac: 'TEST' })).resolves.toBe(1);
    }
  });

  it('keeps rows written in one database out of the other', async () => {
    const account = await createAccount(first.dataSource, { company_name: 'Only In First' });
    expect(account.plan).toBe('paid');
    await expect(first.dataSource.getRepository(AccountEntity).countBy({ id: account.id })).resolves.toBe(1);
    await expect(second.dataSource.getRepository(AccountEntity).countBy({ id: account.id })).resolves.toBe(0);
  });

  it('removes the database on drop', async () => {
    const db = await createTestDatabase();
    expect(await exists(db.name)).toBe(true);
    await db.drop();
    expect(await exists(db.name)).toBe(false);
  });
});

describe('testRedisPrefix', () => {
  it('never hands out the same prefix twice', () => {
    const prefixes = Array.from({ length: 100 }, () => testRedisPrefix());
    expect(new Set(prefixes).size).toBe(100);
    expect(prefixes.every((prefix) => prefix.startsWith('qs-test-'))).toBe(true);
  });
});
