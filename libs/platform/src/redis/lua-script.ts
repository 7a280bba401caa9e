import { createHash } from 'node:crypto';

/** What a script needs of a client: ioredis's `Redis` and `Cluster` both have it. */
export interface LuaScriptClient {
  evalsha(sha: string, numKeys: number, ...args: string[]): Promise<unknown>;
  eval(script: string, numKeys: number, ...args: string[]): Promise<unknown>;
}

/**
 * A Lua script run by its SHA (`EVALSHA`), sent whole once when the server does not know it
 * yet (`NOSCRIPT`: after a restart, a failover, or on a Cluster node seeing it first). Every key
 * the script touches goes in `keys`, so Redis Cluster can route it; the keys of one script must
 * share a hash tag (`{…}`).
 */
export class LuaScript {
  readonly sha: string;

  constructor(readonly source: string) {
    this.sha = createHash('sha1').update(source).digest('hex');
  }

  async run(redis: LuaScriptClient, keys: readonly string[], args: readonly string[]): Promise<unknown> {
    try {
      return await redis.evalsha(this.sha, keys.length, ...keys, ...args);
    } catch (error: unknown) {
      if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
      return redis.eval(this.source, keys.length, ...keys, ...args);
    }
  }
}
