import { getQueueToken } from '@nestjs/bull';
import type { OnApplicationShutdown } from '@nestjs/common';
import { Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { Queue } from 'bull';
import { QUEUE_NAMES } from '../contract/queue-contract';
import { BullClusterClients } from './bull-cluster-clients';

/** Closes the Cluster clients of each queue after the queue itself (Queue.close is idempotent, whoever calls it first). */
@Injectable()
export class BullClusterCloser implements OnApplicationShutdown {
  constructor(
    private readonly moduleRef: ModuleRef,
    private readonly clients: BullClusterClients,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(
      QUEUE_NAMES.map(async (name) => {
        await this.moduleRef
          .get<Queue>(getQueueToken(name), { strict: false })
          .close()
          .catch(() => undefined);
        await this.clients.closeClientsOf(name);
      }),
    );
  }
}
