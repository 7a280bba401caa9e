import { Process, Processor } from '@nestjs/bull';
import { applyDecorators, SetMetadata } from '@nestjs/common';
import type { JobName, QueueName } from '../contract/queue-names';

export const QUEUE_CONSUMER_METADATA = 'quayside:queue-consumer';
export const JOB_HANDLER_METADATA = 'quayside:job-handler';

/** A Bull processor class for one queue of the contract; the start-up check finds it by this mark. */
export function QueueConsumer(queue: QueueName): ClassDecorator {
  return applyDecorators(Processor(queue), SetMetadata(QUEUE_CONSUMER_METADATA, queue));
}

/** The handler of one job name of the contract (Bull `@Process` with a typed name). */
export function JobHandler(job: JobName, options: { concurrency?: number } = {}): MethodDecorator {
  return applyDecorators(Process({ name: job, concurrency: options.concurrency ?? 1 }), SetMetadata(JOB_HANDLER_METADATA, job));
}
