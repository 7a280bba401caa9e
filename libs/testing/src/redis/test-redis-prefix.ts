import { randomBytes } from 'node:crypto';

/** A Redis key prefix no other test (or helper) uses: delete only keys under it. */
export function testRedisPrefix(): string {
  return `qs-test-${randomBytes(6).toString('hex')}`;
}
