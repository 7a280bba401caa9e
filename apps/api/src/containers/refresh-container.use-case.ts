import { Injectable } from '@nestjs/common';
import { ContainerRepository } from '@quayside/data-access';
import { JOB, QUEUE } from '@quayside/queues';
import type { AccountContext } from '../tenancy/account-context';

/** The established API's answer to `PATCH /containers/{id}/refresh`. */
export interface RefreshStarted {
  message: string;
}

/**
 * Queues an immediate refresh of one container from every source that applies (shipping line,
 * terminal, rail): an outbox row `refresh-container` that the tracker worker consumes and the
 * relay publishes first (apps/tracker-worker/README.md, "Stop and resume").
 */
@Injectable()
export class RefreshContainerUseCase {
  constructor(private readonly containers: ContainerRepository) {}

  async execute(account: AccountContext, containerId: string): Promise<RefreshStarted> {
    const container = await this.containers.enqueueForContainer(account, containerId, {
      queue: QUEUE.tracker,
      jobName: JOB.refreshContainer,
      payload: { containerId },
    });
    const sources = [
      ...(container.shipment_id !== null ? ['Shipping line'] : []),
      ...(container.pod_terminal_id !== null ? ['Terminal'] : []),
      ...(container.pod_rail_carrier_scac !== null || container.ind_rail_carrier_scac !== null ? ['Rail'] : []),
    ];
    return { message: sources.length > 0 ? `Started refresh for ${sources.join(', ')}` : 'Started refresh' };
  }
}
