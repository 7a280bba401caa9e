export { createTestDatabase, TEST_SERVER_URL } from './database/create-test-database';
export type { TestDatabase } from './database/create-test-database';
export { testRedisPrefix } from './redis/test-redis-prefix';
export { createAccount } from './factories/account.factory';
