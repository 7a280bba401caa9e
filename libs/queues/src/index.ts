export * from './contract/queue-contract';
export * from './registration/job-handler-registry';
export * from './registration/job-handler.decorators';
export * from './queues.module';
export * from './relay/outbox-relay.service';
export * from './metrics/queue-metrics.service';
export * from './registration/repeatable-tick.registration';
/** @internal Exported for tests: the Redis Cluster test checks each queue's hash slot. */
export { queuePrefix } from './connection/bull-cluster-clients';
