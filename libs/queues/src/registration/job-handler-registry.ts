import { JOBS_BY_QUEUE } from '../contract/queue-contract';
import type { JobName, QueueName } from '../contract/queue-contract';

export interface DiscoveredHandler {
  queue: QueueName;
  job: JobName;
  owner: string;
}

/**
 * The rules checked at start-up (Immich's job-handler registry): every job of a consumed
 * queue has exactly one handler, no handler serves a job its queue does not carry, and no
 * processor serves a queue the app does not declare. Returns the problems, empty when sound.
 */
export function checkJobHandlers(
  consumes: readonly QueueName[],
  handlers: readonly DiscoveredHandler[],
  consumerQueues: readonly QueueName[],
): string[] {
  const problems: string[] = [];
  for (const queue of consumerQueues) {
    if (!consumes.includes(queue)) problems.push(`a processor serves queue "${queue}", which this app does not consume`);
  }
  for (const queue of consumes) {
    if (!consumerQueues.includes(queue)) problems.push(`queue "${queue}" is consumed but no processor is registered for it`);
    for (const job of JOBS_BY_QUEUE[queue]) {
      const owners = handlers.filter((h) => h.queue === queue && h.job === job).map((h) => h.owner);
      if (owners.length === 0) problems.push(`job "${job}" of queue "${queue}" has no handler`);
      if (owners.length > 1) problems.push(`job "${job}" of queue "${queue}" has ${owners.length} handlers: ${owners.join(', ')}`);
    }
  }
  for (const handler of handlers) {
    if (!JOBS_BY_QUEUE[handler.queue].includes(handler.job)) {
      problems.push(`${handler.owner} handles "${handler.job}", which queue "${handler.queue}" does not carry`);
    }
  }
  return problems;
}
