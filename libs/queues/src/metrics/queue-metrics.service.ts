import { getQueueToken } from '@nestjs/bull';
import type { OnApplicationBootstrap } from '@nestjs/common';
import { Inject, Injectable, Optional } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { OutboxRepository } from '@quayside/data-access';
import { MetricsService } from '@quayside/platform';
import type { Job, Queue } from 'bull';
import { CONSUMED_QUEUES, QUEUE_NAMES } from '../contract/queue-contract';
import type { QueueName } from '../contract/queue-contract';
import type { RelayOptions } from '../relay/outbox-relay.service';

const STATES = ['waiting', 'active', 'delayed', 'failed', 'paused'] as const;

/**
 * Queue depths and the outbox backlog are read when Prometheus scrapes (nothing to do while
 * nobody looks); job durations are observed as this process finishes its own jobs.
 */
@Injectable()
export class QueueMetricsService implements OnApplicationBootstrap {
  constructor(
    private readonly moduleRef: ModuleRef,
    private readonly outbox: OutboxRepository,
    @Inject(CONSUMED_QUEUES) private readonly consumes: QueueName[],
    @Inject('QUEUES_RELAY_OPTIONS') private readonly relay: RelayOptions | null,
    @Optional() private readonly metrics?: MetricsService,
  ) {}

  onApplicationBootstrap(): void {
    const metrics = this.metrics;
    if (!metrics) return;
    metrics.onScrape(async () => {
      for (const name of QUEUE_NAMES) {
        const counts = await this.queue(name).getJobCounts();
        for (const state of STATES)
          metrics.queueDepth.set({ queue: name, state }, (counts as unknown as Record<string, number>)[state] ?? 0);
      }
    });
    metrics.onScrape(async () => {
      metrics.outboxBacklog.set(await this.outbox.countIncomplete());
      if (this.relay) metrics.outboxAbandoned.set(await this.outbox.countAbandoned(this.relay.maxPublishes));
    });
    for (const name of this.consumes) {
      const observe = (outcome: 'completed' | 'failed') => (job: Job) => {
        if (job.processedOn && job.finishedOn) {
          metrics.jobDuration.observe({ queue: name, job: job.name, outcome }, (job.finishedOn - job.processedOn) / 1000);
        }
      };
      this.queue(name).on('completed', observe('completed'));
      this.queue(name).on('failed', observe('failed'));
    }
  }

  private queue(name: QueueName): Queue {
    return this.moduleRef.get<Queue>(getQueueToken(name), { strict: false });
  }
}
