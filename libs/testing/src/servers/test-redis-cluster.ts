import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { TestRedisServer } from './test-redis-server';

const run = promisify(execFile);

/**
 * A Redis Cluster of a test's own on loopback: `masters` redis-server nodes started with
 * `--cluster-enabled yes` on free ports, each in a folder of its own, joined by
 * `redis-cli --cluster create … --cluster-yes` (the slots split evenly, no replicas). `stop()` ends
 * every node and removes their folders.
 */
export class TestRedisCluster {
  private constructor(readonly nodes: readonly TestRedisServer[]) {}

  static async start(masters = 3): Promise<TestRedisCluster> {
    const nodes: TestRedisServer[] = [];
    try {
      for (let i = 0; i < masters; i++) nodes.push(await TestRedisServer.start({ cluster: true }));
      const cluster = new TestRedisCluster(nodes);
      await run('redis-cli', ['--cluster', 'create', ...nodes.map((node) => `127.0.0.1:${node.port}`), '--cluster-yes']);
      await cluster.waitConsistent();
      return cluster;
    } catch (error) {
      await Promise.all(nodes.map((node) => node.stop()));
      throw error;
    }
  }

  /** The first node, as REDIS_URL names it. */
  url(): string {
    return this.nodes[0]!.url();
  }

  /** Every node as `host:port,…`, as REDIS_CLUSTER_NODES lists seeds. */
  seeds(): string {
    return this.nodes.map((node) => `127.0.0.1:${node.port}`).join(',');
  }

  async stop(): Promise<void> {
    await Promise.all(this.nodes.map((node) => node.stop()));
  }

  /** Until every node reports the cluster ok and knows every other node (gossip takes a moment). */
  private async waitConsistent(): Promise<void> {
    let last = '';
    for (let attempt = 0; attempt < 600; attempt++) {
      const infos = await Promise.all(this.nodes.map((node) => node.cli('cluster', 'info')));
      last = infos.join('\n');
      const ok = infos.every(
        (info) => /cluster_state:ok/.test(info) && new RegExp(`cluster_known_nodes:${this.nodes.length}\\b`).test(info),
      );
      if (ok) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`the test's Redis Cluster did not become consistent:\n${last}`);
  }
}
