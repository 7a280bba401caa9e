import { closeRedisClient, createRedisClient, isClusterConnection, redisNodeOptions } from '@quayside/platform';
import type { RedisClient, RedisConnectionOptions } from '@quayside/platform';
import type { QueueOptions } from 'bull';
import type { QueueName } from '../contract/queue-contract';

/**
 * The key prefix of one queue. Bull names its keys `<prefix>:<queue>:<suffix>` and runs Lua
 * scripts over several of them, so on a Redis Cluster every key of a queue must hash to one slot:
 * the prefix then carries the queue's name as a hash tag (`quayside:{tracker}`), which also spreads
 * the queues over the nodes. On one Redis node the keys stay as they always were.
 */
export function queuePrefix(prefix: string, queue: QueueName, connection: RedisConnectionOptions): string {
  return isClusterConnection(connection) ? `${prefix}:{${queue}}` : prefix;
}

/**
 * How Bull connects: on one node, with the node's options (address, login, database and TLS:
 * Bull's own URL parsing knows no TLS); on a Redis Cluster, through a `createClient` per queue
 * making Cluster clients with the same login and TLS as every other connection of the process.
 * Bull closes only clients it made itself, so those made here are kept per queue and closed by
 * BullClusterCloser once their queue has closed.
 */
export class BullClusterClients {
  private readonly clients = new Map<QueueName, RedisClient[]>();

  constructor(
    private readonly connection: RedisConnectionOptions,
    private readonly prefix: string,
  ) {}

  queueOptions(queue: QueueName): QueueOptions {
    if (!isClusterConnection(this.connection)) return { prefix: this.prefix, redis: redisNodeOptions(this.connection) };
    return {
      prefix: queuePrefix(this.prefix, queue, this.connection),
      createClient: (type) => this.create(queue, type),
    };
  }

  async closeClientsOf(queue: QueueName): Promise<void> {
    const clients = this.clients.get(queue) ?? [];
    this.clients.delete(queue);
    await Promise.all(clients.map((client) => closeRedisClient(client)));
  }

  private create(queue: QueueName, type: 'client' | 'subscriber' | 'bclient'): RedisClient {
    // Bull refuses a blocking or subscribing client that retries commands or waits for a ready check.
    const client =
      type === 'client'
        ? createRedisClient(this.connection)
        : createRedisClient(this.connection, { maxRetriesPerRequest: null, enableReadyCheck: false });
    this.clients.set(queue, [...(this.clients.get(queue) ?? []), client]);
    return client;
  }
}
