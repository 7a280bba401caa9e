import { randomUUID } from 'node:crypto';
import type { LuaScriptClient } from '@quayside/platform';
import { LuaScript } from '@quayside/platform';
import { ACQUIRE_LUA, PAUSE_LUA, USAGE_LUA } from './source-quota.scripts';
import type { QuotaAnswer, SourceLimits, SourceQuotaStore, SourceQuotaUsage, SourceRef } from './source-quota';

const ACQUIRE = new LuaScript(ACQUIRE_LUA);
const PAUSE = new LuaScript(PAUSE_LUA);
const USAGE = new LuaScript(USAGE_LUA);

/** What the quota needs of a Redis client: scripts, and one command to hand a lease back. */
export interface SourceQuotaRedis extends LuaScriptClient {
  zrem(key: string, ...members: string[]): Promise<number>;
}

const micros = (ms: number): string => String(Math.round(ms * 1000));
const millis = (us: unknown): number => Math.ceil(Number(us) / 1000);

/**
 * The quota of every source, kept in Redis for all tracker-worker processes together: a rolling
 * window of request starts, leases for the requests in flight (each expires, so a worker that
 * dies mid-request frees its slot), and the pause a source asked for. One atomic script decides
 * each request (source-quota.scripts.ts).
 */
export class RedisSourceQuota implements SourceQuotaStore {
  constructor(
    private readonly redis: SourceQuotaRedis,
    /** The deployment's REDIS_PREFIX. */
    private readonly prefix: string,
  ) {}

  /** The source's keys: window, leases, pause — one hash tag, so one Cluster slot. */
  keys(source: SourceRef): [string, string, string] {
    const base = `${this.prefix}:source-quota:{source:${source.kind}:${source.code}}`;
    return [`${base}:window`, `${base}:leases`, `${base}:paused`];
  }

  async acquire(source: SourceRef, limits: SourceLimits): Promise<QuotaAnswer> {
    const callId = randomUUID();
    const reply = await ACQUIRE.run(this.redis, this.keys(source), [
      String(limits.requestsPerWindow ?? 0),
      micros(limits.windowMs),
      String(limits.maxConcurrency),
      micros(limits.leaseMs),
      callId,
    ]);
    const [status, waitUs] = numbers(reply, 4);
    if (status === 1) return { kind: 'granted', callId };
    if (status === -1) return { kind: 'paused', pausedForMs: millis(waitUs) };
    return { kind: 'wait', waitMs: millis(waitUs), slotsFull: status === 2 };
  }

  async release(source: SourceRef, callId: string): Promise<void> {
    await this.redis.zrem(this.keys(source)[1], callId);
  }

  async pause(source: SourceRef, ms: number): Promise<number> {
    const [pausedUs] = numbers(await PAUSE.run(this.redis, this.keys(source), [micros(ms)]), 1);
    return millis(pausedUs);
  }

  async usage(source: SourceRef, limits: SourceLimits): Promise<SourceQuotaUsage> {
    const [started = 0, inFlight = 0, pausedUs = 0] = numbers(await USAGE.run(this.redis, this.keys(source), [micros(limits.windowMs)]), 3);
    return {
      requestsInWindow: started,
      requestsPerWindow: limits.requestsPerWindow,
      windowMs: limits.windowMs,
      inFlight,
      maxConcurrency: limits.maxConcurrency,
      pausedForMs: millis(pausedUs),
    };
  }
}

function numbers(reply: unknown, length: number): number[] {
  const values = Array.isArray(reply) ? reply.map(Number) : [Number(reply)];
  if (values.length < length || values.some((v) => !Number.isFinite(v))) throw new Error('Unexpected reply from the source quota script');
  return values;
}
