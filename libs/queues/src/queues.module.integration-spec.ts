import { getQueueToken } from '@nestjs/bull';
import { Injectable } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { testRedisPrefix } from '@quayside/testing';
import type { Queue } from 'bull';
import { JOB, QUEUE, QUEUE_NAMES } from './contract/queue-contract';
import { JobHandler, QueueConsumer } from './registration/job-handler.decorators';
import { QueuesModule } from './queues.module';

@QueueConsumer(QUEUE.webhookDelivery)
@Injectable()
class DeliveryProcessor {
  @JobHandler(JOB.deliver)
  async deliver(): Promise<void> {}
}

@QueueConsumer(QUEUE.webhookDelivery)
@Injectable()
class SecondDeliveryProcessor {
  @JobHandler(JOB.deliver)
  async deliver(): Promise<void> {}
}

async function boot(providers: (new (...args: never[]) => unknown)[]): Promise<() => Promise<void>> {
  const moduleRef = await Test.createTestingModule({
    imports: [
      QueuesModule.forRoot({
        redis: { url: 'redis://127.0.0.1:6379' },
        prefix: testRedisPrefix(),
        consumes: [QUEUE.webhookDelivery],
        relay: false,
      }),
    ],
    providers,
  }).compile();
  // Workers are application contexts, not HTTP apps: boot the same way they do.
  const app = moduleRef;
  try {
    await app.init();
  } catch (error) {
    // A boot that failed half-way has opened Bull's connections; close them ourselves.
    for (const name of QUEUE_NAMES) {
      const queue = app.get<Queue>(getQueueToken(name));
      await queue.isReady().catch(() => undefined);
      await queue.close().catch(() => undefined);
    }
    await app.close().catch(() => undefined);
    throw error;
  }
  // Bull rejects its processing promise (with undefined) when closed while its blocking
  // client still connects; wait until all of the queue's clients are ready before closing.
  const queue = app.get<Queue>(getQueueToken(QUEUE.webhookDelivery));
  await queue.isReady();
  for (let i = 0; i < 100 && !(queue.clients.length >= 3 && queue.clients.every((c) => c.status === 'ready')); i++) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return () => app.close();
}

// Against the real Redis: Bull connects for real, so the check runs where production runs it.
describe('QueuesModule start-up check', () => {
  it('starts when every job of the consumed queue has one handler', async () => {
    const close = await boot([DeliveryProcessor]);
    await close();
  });

  it('refuses to start when a consumed queue has no processor', async () => {
    await expect(boot([])).rejects.toThrow('queue "webhook-delivery" is consumed but no processor is registered for it');
  });

  it('refuses to start when a job has two handlers', async () => {
    // Bull itself refuses a second handler for one name on one queue before our check runs.
    await expect(boot([DeliveryProcessor, SecondDeliveryProcessor])).rejects.toThrow(
      /Cannot define the same handler twice deliver|has 2 handlers/,
    );
  });
});
