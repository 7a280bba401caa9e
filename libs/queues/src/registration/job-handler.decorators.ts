import { Process, Processor } from '@nestjs/bull';
import { applyDecorators, SetMetadata } from '@nestjs/common';
import type { Job } from 'bull';
import type { JobMessage, JobName, QueueName } from '../contract/queue-contract';

export const QUEUE_CONSUMER_METADATA = 'quayside:queue-consumer';
export const JOB_HANDLER_METADATA = 'quayside:job-handler';

/** A Bull processor class for one queue of the contract; the start-up check finds it by this mark. */
export function QueueConsumer(queue: QueueName): ClassDecorator {
  return applyDecorators(Processor(queue), SetMetadata(QUEUE_CONSUMER_METADATA, queue));
}

/** A method that can handle job `J`: it takes a Bull job carrying that job's payload (a batch of them for a batched job). */
type HandlerOf<J extends JobName> = (job: Job<JobMessage<J>>) => Promise<unknown>;

/**
 * The handler of one job of the contract (Bull `@Process` with its name). Typed by the job: a
 * handler whose parameter does not accept the job's payload is a compile error.
 */
export function JobHandler<J extends JobName>(
  job: J,
  options: { concurrency?: number } = {},
): <H extends HandlerOf<J> | (() => Promise<unknown>)>(
  target: object,
  key: string | symbol,
  descriptor: TypedPropertyDescriptor<H>,
) => void {
  const decorate = applyDecorators(Process({ name: job, concurrency: options.concurrency ?? 1 }), SetMetadata(JOB_HANDLER_METADATA, job));
  return (target, key, descriptor) => {
    decorate(target, key, descriptor);
  };
}
