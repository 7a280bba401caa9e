import { BullModule } from '@nestjs/bull';
import type { DynamicModule } from '@nestjs/common';
import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import type { RedisConnectionOptions } from '@quayside/platform';
import { QUEUE_NAMES } from './contract/queue-contract';
import type { QueueName } from './contract/queue-contract';
import { QueueMetricsService } from './metrics/queue-metrics.service';
import { OutboxRelayService } from './relay/outbox-relay.service';
import type { RelayOptions } from './relay/outbox-relay.service';
import { CONSUMED_QUEUES } from './contract/queue-contract';
import { JobHandlerCheckService } from './registration/job-handler-check.service';
import { BullClusterClients } from './connection/bull-cluster-clients';
import { BullClusterCloser } from './connection/bull-cluster-closer';

export interface QueuesModuleOptions {
  /** The process's Redis (a node or a Cluster, TLS, login): the same as every other connection's. */
  redis: RedisConnectionOptions;
  /** Redis key prefix: deployments and test runs sharing one Redis stay apart. */
  prefix: string;
  /** Queues this app processes; each must have exactly one handler per job (checked at start-up). */
  consumes: QueueName[];
  /** Run the outbox relay in this process (every app does by default; several relays are safe). */
  relay?: RelayOptions | false;
  /** A consumer's hold on a running job, and how often dead holders are looked for (Bull's defaults otherwise). */
  locks?: { lockDurationMs: number; stalledIntervalMs: number };
}

/**
 * Registers every queue of the contract as a producer (the relay publishes to all of them)
 * and checks at start-up that the consumed ones have their handlers.
 */
@Module({})
export class QueuesModule {
  static forRoot(options: QueuesModuleOptions): DynamicModule {
    const relay = options.relay === false ? [] : [OutboxRelayService];
    const connections = new BullClusterClients(options.redis, options.prefix);
    return {
      module: QueuesModule,
      global: true,
      imports: [
        DiscoveryModule,
        BullModule.forRoot({
          // Jobs are tracked in Postgres (outbox, notification rows); Redis keeps no history.
          defaultJobOptions: { removeOnComplete: true, removeOnFail: true },
          settings: {
            lockDuration: options.locks?.lockDurationMs ?? 30_000,
            stalledInterval: options.locks?.stalledIntervalMs ?? 15_000,
            maxStalledCount: 3,
          },
        }),
        ...QUEUE_NAMES.map((name) => BullModule.registerQueue({ name, ...connections.queueOptions(name) })),
      ],
      providers: [
        { provide: CONSUMED_QUEUES, useValue: options.consumes },
        {
          provide: 'QUEUES_RELAY_OPTIONS',
          useValue:
            options.relay === false ? null : (options.relay ?? { pollIntervalMs: 200, redeliverAfterMs: 300_000, maxPublishes: 12 }),
        },
        JobHandlerCheckService,
        { provide: BullClusterClients, useValue: connections },
        BullClusterCloser,
        ...(options.relay === false ? [] : [QueueMetricsService]),
        ...relay,
      ],
      exports: [BullModule],
    };
  }
}
