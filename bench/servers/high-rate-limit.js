/**
 * Preloaded (`node -r`) into the api process `npm run bench` starts, never anywhere else.
 *
 * The api has no setting for the size of a rate-limit bucket (100 requests per rolling window
 * per account, RATE_LIMIT_WINDOW_MS at least 1 s), so a load test of one account would
 * measure 429s. This raises every bucket's limit in that one process before the api starts;
 * each request still runs the real limiter (the Redis script round trip), it just never
 * refuses. Replace with an api setting for the bucket sizes when there is one.
 */
const path = require('node:path');

const buckets = require(path.resolve(__dirname, '../../apps/api/src/rate-limit/rate-limit-buckets.ts')).RATE_LIMIT_BUCKETS;
if (!buckets || typeof buckets.default !== 'number') throw new Error('bench: RATE_LIMIT_BUCKETS moved; update bench/servers/high-rate-limit.js');
for (const bucket of Object.keys(buckets)) buckets[bucket] = 1_000_000_000;
