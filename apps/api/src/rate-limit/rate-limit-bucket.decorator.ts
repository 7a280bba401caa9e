import { SetMetadata } from '@nestjs/common';
import type { RateLimitBucketName } from './rate-limit-buckets';

export const RATE_LIMIT_BUCKET = 'quayside:rate-limit-bucket';

/** Counts the route against its own bucket instead of `default` (docs/rate-limits.md). */
export const RateLimitBucket = (bucket: RateLimitBucketName): MethodDecorator & ClassDecorator => SetMetadata(RATE_LIMIT_BUCKET, bucket);
