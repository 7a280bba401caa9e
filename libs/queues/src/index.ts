export * from './contract/queue-contract';
export * from './registration/job-handler-registry';
export * from './registration/job-handler.decorators';
export * from './queues.module';
export * from './relay/outbox-relay.service';
export * from './metrics/queue-metrics.service';
export * from './registration/repeatable-tick.registration';
export { queuePrefix } from './connection/bull-cluster-clients';
