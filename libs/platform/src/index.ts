// First, before anything loads @nestjs/common: Nest's logger timestamp format is built on first use,
// not at boot (docs/architecture.md, "Memory").
import './bootstrap/nest-timestamp-format';
// And before anything loads class-validator: the phone-number metadata it requires loads on first use.
import './bootstrap/deferred-phone-metadata';
export * from './config/base-app.config';
export * from './config/database.config';
export * from './config/config-validation.error';
export * from './config/load-config';
export * from './health/readiness.service';
export * from './health/readiness.module';
export * from './logging/logger.module';
export * from './redis/redis.module';
export * from './redis/lua-script';
export * from './config/worker-app.config';
export * from './ops/ops-server';
export * from './ops/worker-ops.module';
export * from './metrics/metrics.module';
export * from './metrics/metrics.service';
export * from './bootstrap/start-worker';
export * from './storage/object-storage';
export * from './storage/local-object-storage';
export * from './storage/s3-object-storage';
export * from './storage/create-object-storage';
export * from './storage/url-signature';
export * from './storage/content-disposition';
export * from './pdf/pdf-worker.client';
export * from './documents/document-inspection';
export * from './documents/document-inspector';
export * from './documents/file-kind-sniffing';
