import Redis from 'ioredis';

/** Deletes the keys under the bench's own prefix (queues, rate-limit buckets), and nothing else. */
export async function deleteRedisPrefix(redisUrl: string, prefix: string): Promise<void> {
  await deleteRedisKeys(redisUrl, `${prefix}:*`);
}

/** Deletes the keys matching `pattern` (a Redis `SCAN` pattern). */
export async function deleteRedisKeys(redisUrl: string, pattern: string): Promise<void> {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
