import type { OnApplicationBootstrap } from '@nestjs/common';
import { Inject, Injectable } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { CONSUMED_QUEUES } from '../contract/queue-contract';
import type { JobName, QueueName } from '../contract/queue-contract';
import { checkJobHandlers } from './job-handler-registry';
import type { DiscoveredHandler } from './job-handler-registry';
import { JOB_HANDLER_METADATA, QUEUE_CONSUMER_METADATA } from './job-handler.decorators';

/** Refuses to start an app whose processors do not match the queue contract. */
@Injectable()
export class JobHandlerCheckService implements OnApplicationBootstrap {
  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
    @Inject(CONSUMED_QUEUES) private readonly consumes: QueueName[],
  ) {}

  onApplicationBootstrap(): void {
    const handlers: DiscoveredHandler[] = [];
    const consumerQueues: QueueName[] = [];
    for (const wrapper of this.discovery.getProviders()) {
      const instance: unknown = wrapper.instance;
      const metatype = wrapper.metatype;
      if (!instance || !metatype || typeof instance !== 'object') continue;
      const queue = this.reflector.get<QueueName | undefined>(QUEUE_CONSUMER_METADATA, metatype);
      if (!queue) continue;
      consumerQueues.push(queue);
      const prototype = Object.getPrototypeOf(instance) as object;
      for (const method of this.scanner.getAllMethodNames(prototype)) {
        const fn = (prototype as Record<string, unknown>)[method];
        if (typeof fn !== 'function') continue;
        const job = this.reflector.get<JobName | undefined>(JOB_HANDLER_METADATA, fn as () => unknown);
        if (job) handlers.push({ queue, job, owner: `${metatype.name}.${method}` });
      }
    }
    const problems = checkJobHandlers(this.consumes, handlers, consumerQueues);
    if (problems.length > 0) throw new Error(`queue handlers do not match the contract:\n  - ${problems.join('\n  - ')}`);
  }
}
